import type { Locale } from "../../../core/locale";
import type { WidgetView } from "../../../core/portal/widget";

/** The partner portal's widget page (issue 18). */
export function WidgetPage(_props: { view: WidgetView; locale: Locale; base: string }) {
  return null;
}
