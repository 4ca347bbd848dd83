import { type BackOfficePageOf, inSection } from "../../page";
import { FunnelPage } from "./Funnel";

export const funnelPage: BackOfficePageOf<"funnel"> = {
  title: (_view, { t }) => t.funnelTitle,
  section: inSection("funnel"),
  Body: FunnelPage,
};
