import type { Locale } from "../../core/locale";
import { cardsEn } from "./cards-en";
import { cardsSi } from "./cards-si";
import { cardsTa } from "./cards-ta";

/**
 * The credit cards page's copy (issue 21), apart from the site's catalogs:
 * only the page's server half reads it (decision 0314).
 */
export type CardsMessages = { readonly [Key in keyof typeof cardsEn]: string };

const cardsCatalogs: Record<Locale, CardsMessages> = { si: cardsSi, en: cardsEn, ta: cardsTa };

export function cardsMessagesFor(locale: Locale): CardsMessages {
  return cardsCatalogs[locale];
}
