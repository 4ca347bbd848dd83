import { type BackOfficePageOf, inSection } from "../../page";
import { StaffPage } from "./Staff";

export const staffPage: BackOfficePageOf<"staff"> = {
  title: (_view, { t }) => t.staffTitle,
  section: inSection("staff"),
  menu: { name: "Staff", describe: "Accounts, roles and one-time links." },
  Body: StaffPage,
};
