import type { Locale } from "../../../core/locale";
import type { KeysView } from "../../../core/portal/keys";

/** The partner portal's keys page (issue 18). */
export function KeysPage(_props: { view: KeysView; locale: Locale; base: string }) {
  return null;
}
