import type { Locale } from "../../core/locale";
import { clickoutEn } from "./clickout-en";
import { clickoutSi } from "./clickout-si";
import { clickoutTa } from "./clickout-ta";

/** The click-out page's copy (issue 32): every catalog has the keys of the English one. */
export type ClickoutMessages = { readonly [Key in keyof typeof clickoutEn]: string };

const clickoutCatalogs: Record<Locale, ClickoutMessages> = {
  si: clickoutSi,
  en: clickoutEn,
  ta: clickoutTa,
};

export function clickoutMessagesFor(locale: Locale): ClickoutMessages {
  return clickoutCatalogs[locale];
}
