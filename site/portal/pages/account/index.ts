import { inSection, type PortalPageOf } from "../../page";
import { AccountPage } from "./Account";

export const accountPage: PortalPageOf<"account"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("account"),
  Body: AccountPage,
};
