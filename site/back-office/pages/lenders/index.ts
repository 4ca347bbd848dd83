import type { BackOfficePageOf } from "../../page";
import { LendersPage } from "./Lenders";

export const lendersPage: BackOfficePageOf<"lenders"> = {
  name: "Lenders",
  describe: "Add and edit lenders, preview their offers, pause them or make them live.",
  Body: LendersPage,
};
