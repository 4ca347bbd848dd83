import type { CardNames, CreditCard } from "../../../core/domain/schemas/credit-card";
import { formatDate, parseIsoDate } from "../../../core/helpers/dates";
import { formatRupees } from "../../../core/helpers/money";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { type CardsMessages, cardsMessagesFor } from "../../messages/cards";
import type { NeedsOf, PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** A name in the page's language, or in English (`lang: "en"`) when it has none there. */
export interface CardName {
  text: string;
  lang?: "en" | undefined;
}

/** A card as the page shows it: every text already in the page's language. */
export interface CardRow {
  id: string;
  issuer: CardName;
  name: CardName;
  /** The five figures, in the order the page explains them. */
  figures: { label: string; value: string }[];
  checked: string;
  link?: { href: string; text: string } | undefined;
}

/**
 * SPEC §2's credit cards page (issue 21): what to compare in a card, then
 * the operator's catalogue of cards (none until entered: decision 0313).
 * The copy is put into the view here, from the page's own catalogs, so
 * that no browser script carries it (decision 0314).
 */
export interface CreditCardsView {
  kind: "credit-cards";
  copy: {
    title: string;
    intro: string;
    whatHeading: string;
    topics: { heading: string; text: string }[];
    listHeading: string;
    orderNote: string;
    empty: string;
    loanHeading: string;
    loanText: string;
    loanLink: string;
  };
  cards: CardRow[];
}

export const routes: readonly PageRoute[] = [{ path: "/credit-cards/" }];

export const indexed = true;

/** Server HTML with no island of its own (decision 0271, 0315). */
export const islands = "plain";

export const needs = ["cards"] as const;

const nameIn = (names: CardNames, locale: Locale): CardName => {
  const own = names[locale];
  return own ? { text: own } : { text: names.en, lang: locale === "en" ? undefined : "en" };
};

/** "28.5" rather than "28.50", "28" rather than "28.0", the same on both sides. */
const percentText = (value: number) => String(Math.round(value * 100) / 100);

function cardRow(card: CreditCard, locale: Locale, t: CardsMessages): CardRow {
  const share = ({ percent, minimum }: CreditCard["minimumPayment"]) =>
    fill(t.cardsShareValue, { percent: percentText(percent), minimum: formatRupees(minimum) });
  const issuer = nameIn(card.issuer, locale);
  const name = nameIn(card.name, locale);
  return {
    id: card.id,
    issuer,
    name,
    figures: [
      {
        label: t.cardsAnnualFee,
        value: card.annualFee === 0 ? t.cardsNone : formatRupees(card.annualFee),
      },
      {
        label: t.cardsInterestRate,
        value: fill(t.cardsRateValue, { rate: percentText(card.interestRate) }),
      },
      { label: t.cardsCashAdvanceFee, value: share(card.cashAdvanceFee) },
      { label: t.cardsLateFee, value: formatRupees(card.lateFee) },
      { label: t.cardsMinimumPayment, value: share(card.minimumPayment) },
    ],
    checked: fill(t.cardsCheckedOn, { date: formatDate(parseIsoDate(card.checkedOn)) }),
    link: card.website
      ? {
          href: card.website,
          text: fill(t.cardsIssuerLink, { card: name.text, issuer: issuer.text }),
        }
      : undefined,
  };
}

export function view(
  _route: RouteRecord,
  inputs: PageInputs<NeedsOf<typeof needs>>,
): CreditCardsView {
  const t = cardsMessagesFor(inputs.locale);
  return {
    kind: "credit-cards",
    copy: {
      title: t.cardsTitle,
      intro: t.cardsIntro,
      whatHeading: t.cardsWhatHeading,
      topics: [
        { heading: t.cardsAnnualFee, text: t.cardsAnnualFeeText },
        { heading: t.cardsInterestRate, text: t.cardsInterestRateText },
        { heading: t.cardsCashAdvanceFee, text: t.cardsCashAdvanceFeeText },
        { heading: t.cardsLateFee, text: t.cardsLateFeeText },
        { heading: t.cardsMinimumPayment, text: t.cardsMinimumPaymentText },
      ],
      listHeading: t.cardsListHeading,
      orderNote: t.cardsOrderNote,
      empty: t.cardsEmpty,
      loanHeading: t.cardsLoanHeading,
      loanText: t.cardsLoanText,
      loanLink: t.cardsLoanLink,
    },
    // Storage gives them in the page's order (server/lenders/credit-cards.ts).
    cards: (inputs.data.cards ?? []).map((card) => cardRow(card, inputs.locale, t)),
  };
}

export function head(view: CreditCardsView, t: SiteMessages) {
  return { title: `${view.copy.title} | ${t.siteName}`, description: view.copy.intro };
}
