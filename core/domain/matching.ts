import type { Offer } from "./schemas/offer";

/** What matching needs to know of an applicant: no name, no NIC, no contact. */
export interface LeadProfile {
  amount: number;
  termDays: number;
  /** Whole years on the day of the application. */
  age: number;
  monthlyIncome: number;
  employment: string;
}

/** Whether an offer's amount and term ranges and criteria (age, income, employment) admit the lead. */
export function offerMatchesLead(
  offer: Pick<Offer, "amount" | "termDays" | "criteria">,
  lead: LeadProfile,
): boolean {
  const { amount, termDays, criteria } = offer;
  return (
    lead.amount >= amount.min &&
    lead.amount <= amount.max &&
    lead.termDays >= termDays.min &&
    lead.termDays <= termDays.max &&
    lead.age >= criteria.minAge &&
    lead.age <= criteria.maxAge &&
    lead.monthlyIncome >= criteria.minMonthlyIncome &&
    (criteria.employment as readonly string[]).includes(lead.employment)
  );
}

/** The ids of the offers active for a lead (SPEC §7's lead feed), in catalogue order. */
export function matchLead(offers: readonly Offer[], lead: LeadProfile): number[] {
  return offers.filter((offer) => offerMatchesLead(offer, lead)).map((offer) => offer.offer_id);
}

/** A lender's id: its id in storage, or (an offer of an older feed) its logo's file name. */
export function lenderSlug(offer: Offer): string {
  return offer.lender.id ?? offer.lender.logo.replace(/^\/lenders\//, "").replace(/\.svg$/, "");
}
