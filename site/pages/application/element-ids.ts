import type { ConsentName, FieldPath } from "./application-form";

/**
 * The form's element ids, plain since there is one form per page: the error
 * summary links to them and focus moves to them.
 */

export function fieldId(path: FieldPath): string {
  return path === "amount" || path === "term"
    ? "application-loan"
    : `application-${path.replace(".", "-")}`;
}

export const stepTitleId = (step: number) => `application-step-${step + 1}-title`;

export const SUMMARY_ID = "application-summary";

/** The boxes' names, which field events report (the API's "consents.terms" is not a name they use). */
const CONSENT_NAMES: Record<ConsentName, string> = {
  terms: "consentTerms",
  shareWithLenders: "consentShareWithLenders",
  marketing: "consentMarketing",
};

export function controlName(path: FieldPath): string {
  return path.startsWith("consents.")
    ? CONSENT_NAMES[path.slice("consents.".length) as ConsentName]
    : path;
}
