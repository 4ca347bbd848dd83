import { type BackOfficePageOf, inSection } from "../../page";
import { FunnelPage } from "./Funnel";

export const funnelPage: BackOfficePageOf<"funnel"> = {
  title: (_view, { t }) => t.funnelTitle,
  section: inSection("funnel"),
  menu: { name: "Funnel", describe: "The business in figures (coming in the next part)." },
  Body: FunnelPage,
};
