/**
 * The application page as the server (and the tests) render it: loaded
 * with everything else. The site's client build swaps this module for
 * lazy.client.tsx, where the page is a chunk of its own (its fields, masks
 * and steps, about 5 KB gzip) loaded before the page renders.
 */
export { ApplicationPage } from "./ApplicationPage";

/** Everything is loaded here already. */
export async function preload(): Promise<void> {}
