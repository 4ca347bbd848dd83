/**
 * The unsubscribe page as the server (and the tests) render it: loaded with
 * everything else. The site's client build swaps this module for
 * lazy.client.tsx, where the page (its steps and the code step's copy) is a
 * chunk of its own, loaded before the page renders.
 */
export { UnsubscribePage } from "./UnsubscribePage";

/** Everything is loaded here already. */
export async function preload(): Promise<void> {}
