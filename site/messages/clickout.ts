import { catalog } from "../../core/locale";
import { clickoutEn } from "./clickout-en";
import { clickoutSi } from "./clickout-si";
import { clickoutTa } from "./clickout-ta";

/** The click-out page's copy (issue 32): every catalog has the keys of the English one. */
export type ClickoutMessages = { readonly [Key in keyof typeof clickoutEn]: string };

export const clickoutMessagesFor = catalog<ClickoutMessages>({
  si: clickoutSi,
  en: clickoutEn,
  ta: clickoutTa,
});
