/**
 * The offers link's pages as the server (and the tests) render them:
 * loaded with everything else. The site's client build swaps this module
 * for lazy.client.tsx, where the pages and their copy are a chunk of their
 * own, loaded before the page renders.
 */
export { OffersLinkPage } from "./OffersLinkPage";

/** Everything is loaded here already. */
export async function preload(): Promise<void> {}
