import { type BackOfficePageOf, inSection } from "../../page";
import { StaffPage } from "./Staff";

export const staffPage: BackOfficePageOf<"staff"> = {
  title: (_view, { t }) => t.staffTitle,
  section: inSection("staff"),
  Body: StaffPage,
};
