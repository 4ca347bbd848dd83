import { type BackOfficePageOf, inSection } from "../../page";
import { LendersPage } from "./Lenders";

export const lendersPage: BackOfficePageOf<"lenders"> = {
  title: (_view, { t }) => t.lendersTitle,
  section: inSection("lenders"),
  Body: LendersPage,
};
