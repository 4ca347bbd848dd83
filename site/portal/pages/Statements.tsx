import type { Locale } from "../../../core/locale";
import type { StatementsView } from "../../../core/portal/statements";

/** The partner portal's statements page (issue 18). */
export function StatementsPage(_props: { view: StatementsView; locale: Locale; base: string }) {
  return null;
}
