import type { EligibilityAnswers } from "../core/domain/eligibility";

/**
 * The widget's DOM events, one typed declaration each. All bubble and are
 * composed, so a partner can listen on the element or on `document`.
 */
export interface WidgetEvents {
  /** The calculator's selection changed. `apr` is a fraction (0.345 = 34.5%). */
  "loan-change": {
    amount: number;
    period: number;
    total: number;
    apr: number;
    returnDate: string;
  };
  /** An eligibility answer changed; `outcome` is "pass" (four yes), "fail" (a no) or "open". */
  "loan-eligibility": { answers: EligibilityAnswers; outcome: "pass" | "fail" | "open" };
  /** A visitor chose an offer; cancel the event to keep them on the page. */
  "loan-offer-select": { offerId: number };
  /** A visitor pressed "Apply now"; cancel the event to keep them on the page. */
  "loan-apply": { amount: number; period: number; url: string };
}

/** Dispatches a widget event on the host element; false when a listener cancelled it. */
export function emit<Name extends keyof WidgetEvents>(
  host: Element,
  name: Name,
  detail: WidgetEvents[Name],
): boolean {
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}
