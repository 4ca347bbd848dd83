import { type BackOfficePageOf, inSection } from "../../page";
import { LendersPage } from "./Lenders";

export const lendersPage: BackOfficePageOf<"lenders"> = {
  title: (_view, { t }) => t.lendersTitle,
  section: inSection("lenders"),
  menu: {
    name: "Lenders",
    describe: "Add and edit lenders, preview their offers, pause them or make them live.",
  },
  Body: LendersPage,
};
