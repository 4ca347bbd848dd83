import type { Locale } from "../../core/locale";
import { offersEn } from "./offers-en";
import { offersSi } from "./offers-si";

/**
 * A visitor's own offers page's catalogs, apart from the site's and the
 * widget's (site/pages/screens/LeadOffersScreen.tsx): the widget's list no
 * longer carries the copy of the matched and other offers.
 */
export type OffersMessages = { readonly [Key in keyof typeof offersEn]: string };

const catalogs: Record<Locale, OffersMessages> = { si: offersSi, en: offersEn };

export function offersMessagesFor(locale: Locale): OffersMessages {
  return catalogs[locale];
}
