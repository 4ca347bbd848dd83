import type { Locale } from "../../../core/locale";
import { backOfficeEn } from "./en";

/**
 * The back office's catalogs. English first (issue 16): a Sinhala catalog
 * comes as `si.ts` with `satisfies BackOfficeMessages` and one line below;
 * until then every locale reads English.
 */
export type BackOfficeMessages = { readonly [Key in keyof typeof backOfficeEn]: string };

const catalogs: Partial<Record<Locale, BackOfficeMessages>> = { en: backOfficeEn };

export function backOfficeMessagesFor(locale: Locale): BackOfficeMessages {
  return catalogs[locale] ?? backOfficeEn;
}
