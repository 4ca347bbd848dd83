/**
 * The page as the server (and the tests) render it: loaded with everything
 * else. The site's client build swaps this module for lazy.client.tsx, where
 * the page is a chunk of its own, loaded before the page renders.
 */
export { OfflinePage } from "./OfflinePage";

/** Everything is loaded here already. */
export async function preload(): Promise<void> {}
