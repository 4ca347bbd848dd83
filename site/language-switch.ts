import { type Locale, localizePath, splitLocalePath } from "../core/locale";
import { rememberLocale } from "./locale-cookie";

/**
 * The header's language link, as it is followed: remembers the choice
 * (SPEC §4) and points the link at where the visitor is now. A page may
 * have moved on in place (the unsubscribe steps replace the address as
 * they go), and its address holds that step.
 */
export function followLanguageSwitch(link: HTMLAnchorElement, otherLocale: Locale): void {
  rememberLocale(otherLocale);
  const here = splitLocalePath(window.location.pathname).rest;
  link.href = `${localizePath(otherLocale, here)}${window.location.search}`;
}
