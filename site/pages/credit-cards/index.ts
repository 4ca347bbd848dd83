import { definePage } from "../page";
import { CreditCardsPage, preload } from "./lazy";
import * as server from "./page.server";

export const creditCardsPage = definePage({
  name: "credit-cards",
  server,
  Component: CreditCardsPage,
  preload,
});
