import { type BackOfficePageOf, inSection } from "../../page";
import { PartnerPage, PartnersPage } from "./Partners";

export const partnersPage: BackOfficePageOf<"partners"> = {
  name: "Partners",
  describe: "Affiliate partners: sign-ups, payout terms, keys, and the period's figures.",
  Body: PartnersPage,
};

export const partnerPage: BackOfficePageOf<"partner"> = {
  title: (view) => view.partner.name,
  section: inSection("partners"),
  Body: PartnerPage,
};
