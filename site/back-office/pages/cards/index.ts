import { fill } from "../../../../core/messages";
import { type BackOfficePageOf, inSection } from "../../page";
import { CardEditPage, CardsPage } from "./Cards";

export const cardsPage: BackOfficePageOf<"cards"> = {
  name: "Credit cards",
  describe: "Add, edit and remove the cards the credit cards page compares.",
  Body: CardsPage,
};

export const cardEditPage: BackOfficePageOf<"card-edit"> = {
  title: (view, { t }) =>
    view.mode === "new" ? t.cardNewTitle : fill(t.cardEditTitle, { id: view.form.id }),
  section: inSection("cards"),
  Body: CardEditPage,
};
