import { catalog } from "../../core/locale";
import { eligibilityEn } from "./eligibility-en";
import { eligibilitySi } from "./eligibility-si";
import { eligibilityTa } from "./eligibility-ta";

/**
 * The eligibility page's copy (issue 32), apart from the site's catalogs:
 * the page's server half sends it with the page (EligibilityPageView.copy),
 * as the home page does its own (decision 0170).
 */
export type EligibilityMessages = { readonly [Key in keyof typeof eligibilityEn]: string };

export const eligibilityMessagesFor = catalog<EligibilityMessages>({
  si: eligibilitySi,
  en: eligibilityEn,
  ta: eligibilityTa,
});
