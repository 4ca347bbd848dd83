import { inSection, type PortalPageOf } from "../../page";
import { DocsPage } from "./Docs";

export const docsPage: PortalPageOf<"docs"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("docs"),
  Body: DocsPage,
};
