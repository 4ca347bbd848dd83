import { fill } from "../../../../core/messages";
import { type BackOfficePageOf, inSection } from "../../page";
import { LenderEditPage } from "./LenderEdit";

export const lenderEditPage: BackOfficePageOf<"lender-edit"> = {
  title: (view, { t }) =>
    view.mode === "new" ? t.lenderNewTitle : fill(t.lenderEditTitle, { id: view.form.id }),
  section: inSection("lenders"),
  Body: LenderEditPage,
};
