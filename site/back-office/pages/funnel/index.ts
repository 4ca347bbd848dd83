import type { BackOfficePageOf } from "../../page";
import { FunnelPage } from "./Funnel";

export const funnelPage: BackOfficePageOf<"funnel"> = {
  name: "Funnel",
  describe: "The business in figures (coming in the next part).",
  Body: FunnelPage,
};
