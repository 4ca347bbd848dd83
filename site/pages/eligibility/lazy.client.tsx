import { lazyPage } from "../lazy-page";

/** The browser's side of lazy.ts: the page is a chunk of its own (lazyPage, decision 0035). */
export const { preload, Component: EligibilityPage } = lazyPage(
  "eligibility",
  async () => (await import("./EligibilityPage")).EligibilityPage,
);
