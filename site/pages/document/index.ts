import { definePage } from "../page";
import { DocumentPage, preload } from "./lazy";
import * as server from "./page.server";

export const documentPage = definePage({
  name: "document",
  server,
  Component: DocumentPage,
  preload,
});
