import { definePage } from "../page";
import { EligibilityPage, preload } from "./lazy";
import * as server from "./page.server";

export const eligibilityPage = definePage({
  name: "eligibility",
  server,
  Component: EligibilityPage,
  preload,
});
