import type { BackOfficePageOf } from "../../page";
import { ApprovalOddsPage } from "./ApprovalOdds";

export const approvalOddsPage: BackOfficePageOf<"approval-odds"> = {
  name: "Approval odds",
  describe:
    "How well each lender's approval odds foretold its answers: a calibration chart, the Brier score and a flag for badly calibrated odds.",
  Body: ApprovalOddsPage,
};
