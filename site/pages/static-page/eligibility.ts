/**
 * The eligibility check as the server (and the tests) render it: loaded
 * with everything else. The site's client build swaps this module for
 * eligibility.client.tsx, where the check and its copy are a chunk of their
 * own, loaded before /how/ renders (decision 0178).
 */
export { EligibilityTest } from "../../../widget/components/EligibilityTest";

/** Everything is loaded here already. */
export async function preloadEligibility(): Promise<void> {}
