import { inSection, type PortalPageOf } from "../../page";
import { WidgetPage } from "./Widget";

export const widgetPage: PortalPageOf<"widget"> = {
  title: (view, { t }) => t.sections[view.page],
  section: inSection("widget"),
  Body: WidgetPage,
};
