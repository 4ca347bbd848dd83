import { inSection, type PortalPageOf } from "../../page";
import { KeysPage } from "./Keys";

export const keysPage: PortalPageOf<"keys"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("keys"),
  Body: KeysPage,
};
