import type { ComponentProps } from "react";
import type { EligibilityTest as Check } from "../../../widget/components/EligibilityTest";

/**
 * The browser's side of eligibility.ts: only /how/ has the eligibility
 * check, so it and its copy are a chunk of their own, loaded before that
 * page renders (before hydration, and before an in-app navigation shows
 * it), so it renders at once, the same as the server's HTML.
 */
let eligibilityTest: typeof Check | undefined;

export async function preloadEligibility(): Promise<void> {
  eligibilityTest ??= (await import("../../../widget/components/EligibilityTest")).EligibilityTest;
}

export function EligibilityTest(props: ComponentProps<typeof Check>) {
  if (!eligibilityTest) throw new Error("The eligibility check rendered before its preload");
  const Loaded = eligibilityTest;
  return <Loaded {...props} />;
}
