import { catalog } from "../../core/locale";
import { cardsEn } from "./cards-en";
import { cardsSi } from "./cards-si";
import { cardsTa } from "./cards-ta";

/**
 * The credit cards page's copy (issue 21), apart from the site's catalogs:
 * only the page's server half reads it (decision 0314).
 */
export type CardsMessages = { readonly [Key in keyof typeof cardsEn]: string };

export const cardsMessagesFor = catalog<CardsMessages>({ si: cardsSi, en: cardsEn, ta: cardsTa });
