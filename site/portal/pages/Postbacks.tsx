import type { Locale } from "../../../core/locale";
import type { PostbacksView } from "../../../core/portal/postbacks";

/** The partner portal's postbacks page (issue 18). */
export function PostbacksPage(_props: { view: PostbacksView; locale: Locale; base: string }) {
  return null;
}
