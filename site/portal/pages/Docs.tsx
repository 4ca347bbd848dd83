import type { Locale } from "../../../core/locale";
import type { DocsView } from "../../../core/portal/docs";

/** The partner portal's docs page (issue 18). */
export function DocsPage(_props: { view: DocsView; locale: Locale; base: string }) {
  return null;
}
