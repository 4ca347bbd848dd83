import type { Locale } from "../../../core/locale";
import type { DashboardView } from "../../../core/portal/dashboard";

/** The partner portal's dashboard page (issue 18). */
export function DashboardPage(_props: { view: DashboardView; locale: Locale; base: string }) {
  return null;
}
