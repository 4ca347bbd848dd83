import { definePage } from "../page";
import { OffersLinkPage, preload } from "./lazy";
import * as server from "./page.server";

export const offersLinkPage = definePage({
  name: "offers-link",
  server,
  Component: OffersLinkPage,
  preload,
});
