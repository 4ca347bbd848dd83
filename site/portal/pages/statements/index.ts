import { inSection, type PortalPageOf } from "../../page";
import { StatementsPage } from "./Statements";

export const statementsPage: PortalPageOf<"statements"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("statements"),
  Body: StatementsPage,
};
