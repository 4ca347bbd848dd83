import { inSection, type PortalPageOf } from "../../page";
import { PostbacksPage } from "./Postbacks";

export const postbacksPage: PortalPageOf<"postbacks"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("postbacks"),
  Body: PostbacksPage,
};
