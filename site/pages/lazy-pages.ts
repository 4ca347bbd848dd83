/**
 * Pages the browser loads on demand: rollup's site build swaps this module
 * for lazy-pages.client.tsx. The server (and the tests) render them
 * directly; the browser loads a page's chunk before it renders the page
 * (before hydration, before an in-app navigation shows it), so the page
 * renders at once, the same as the server's HTML.
 */
export { ApplicationPage } from "./application/ApplicationPage";

/** The browser's version loads the chunk of a page on demand; here everything is loaded. */
export async function preloadPage(_page: string): Promise<void> {}
