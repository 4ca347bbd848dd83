import { inSection, type PortalPageOf } from "../../page";
import { DashboardPage } from "./Dashboard";

export const dashboardPage: PortalPageOf<"dashboard"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("dashboard"),
  Body: DashboardPage,
};
