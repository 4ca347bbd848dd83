import { definePage } from "../page";
import { CreditCardsPage } from "./CreditCardsPage";
import * as server from "./page.server";

export const creditCardsPage = definePage({
  name: "credit-cards",
  server,
  Component: CreditCardsPage,
});
