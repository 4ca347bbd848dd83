/**
 * The back office's credit cards pages (issue 21): what the server hands
 * the site's server entry to render, and the form's fields, so that the
 * page and the route agree on them.
 */
import type { CreditCard } from "../domain/schemas/credit-card";

/** The card form's fields, each a path of the card (core/domain/schemas/credit-card.ts). */
export const CARD_FORM_FIELDS = [
  "id",
  "issuer.en",
  "issuer.si",
  "issuer.ta",
  "name.en",
  "name.si",
  "name.ta",
  "annualFee",
  "interestRate",
  "cashAdvanceFee.percent",
  "cashAdvanceFee.minimum",
  "lateFee",
  "minimumPayment.percent",
  "minimumPayment.minimum",
  "website",
  "checkedOn",
] as const;
export type CardFormField = (typeof CARD_FORM_FIELDS)[number];

/** The form as typed: every field a string, so a refused form comes back as it was. */
export type CardFormValues = Record<CardFormField, string>;

/** What the last change on the cards' list did. */
export type CardListNotice = "saved" | "removed";

export interface CardsView {
  page: "cards";
  /** In the credit cards page's order. */
  cards: readonly CreditCard[];
  notice?: { kind: CardListNotice; id: string } | undefined;
}

export interface CardEditView {
  page: "card-edit";
  mode: "new" | "edit";
  form: CardFormValues;
  /** Each refused field's problem, by field. */
  errors?: Partial<Record<CardFormField | "form", string>> | undefined;
}
