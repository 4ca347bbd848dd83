import type { BackOfficePageOf } from "../../page";
import { FunnelPage } from "./Funnel";

export const funnelPage: BackOfficePageOf<"funnel"> = {
  name: "Funnel",
  describe:
    "The business in figures: applications, lenders asked, click-outs, loans and revenue, by day and by source.",
  Body: FunnelPage,
};
