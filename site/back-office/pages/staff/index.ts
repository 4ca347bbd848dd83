import type { BackOfficePageOf } from "../../page";
import { StaffPage } from "./Staff";

export const staffPage: BackOfficePageOf<"staff"> = {
  name: "Staff",
  describe: "Accounts, roles and one-time links.",
  Body: StaffPage,
};
