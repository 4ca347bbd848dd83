/**
 * A visitor's own offers page as the server (and the tests) render it:
 * loaded with everything else. The site's client build swaps this module for
 * lead-offers.client.tsx, where the page is a chunk of its own (its copy,
 * the decisions' progress, the sort form and the approved cards), loaded
 * before the page renders, so it hydrates like the server's HTML.
 */
export { LeadOffersScreen } from "./LeadOffersScreen";

/** Everything is loaded here already. */
export async function preloadLeadOffers(): Promise<void> {}
