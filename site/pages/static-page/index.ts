import { definePage } from "../page";
import { preloadEligibility } from "./eligibility";
import * as server from "./page.server";
import { StaticPage } from "./StaticPage";

export const staticPage = definePage({
  name: "page",
  server,
  Component: StaticPage,
  // Only /how/ has the eligibility check, a chunk of its own in the browser.
  preload: (view) => (view?.slug === "how" ? preloadEligibility() : Promise.resolve()),
});
