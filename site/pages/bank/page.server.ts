import { BANK_CODES, BANKS, isBankCode } from "../../../core/domain/banks";
import type { Offer } from "../../../core/domain/schemas/offer";
import { fill } from "../../../core/messages";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

export interface BankView {
  kind: "bank";
  code: string;
  name: string;
  /** The offers that pay into a bank account. */
  offers: Offer[];
}

/** SPEC §2's /bank/{name}/ for each bank we know, "other" aside. */
export const routes: readonly PageRoute[] = BANK_CODES.filter((code) => code !== "other").map(
  (slug) => ({ path: `/bank/${slug}/`, slug }),
);

export const indexed = true;

/** Server HTML with islands, hydrated on preact (decision 0271). */
export const islands = "bank";

export function view(route: RouteRecord, inputs: PageInputs): BankView | undefined {
  const code = route.slug;
  if (!code || !isBankCode(code) || code === "other") return undefined;
  return {
    kind: "bank",
    code,
    name: BANKS[code][inputs.locale],
    offers: inputs.offers.filter((offer) => offer.tags.includes("bank-transfer")),
  };
}

export function head(view: BankView, t: SiteMessages) {
  return {
    title: `${fill(t.bankTitle, { bank: view.name })} | ${t.siteName}`,
    description: fill(t.bankIntro, { bank: view.name }),
  };
}
