import type { Locale } from "../../../core/locale";
import type { AccountView } from "../../../core/portal/account";

/** The partner portal's account page (issue 18). */
export function AccountPage(_props: { view: AccountView; locale: Locale; base: string }) {
  return null;
}
