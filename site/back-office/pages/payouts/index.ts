import { type BackOfficePageOf, inSection } from "../../page";
import { PayoutRunPage, PayoutStatementPage, PayoutsPage } from "./Payouts";

export const payoutsPage: BackOfficePageOf<"payouts"> = {
  name: "Payouts",
  describe: "Payout runs: what partners earned in a period, marked paid, statements.",
  Body: PayoutsPage,
};

export const payoutRunPage: BackOfficePageOf<"payout-run"> = {
  title: (_view, { sections }) => sections.payouts.name,
  section: inSection("payouts"),
  Body: PayoutRunPage,
};

export const payoutStatementPage: BackOfficePageOf<"payout-statement"> = {
  title: (_view, { t }) => t.statementTitle,
  section: inSection("payouts"),
  Body: PayoutStatementPage,
};
