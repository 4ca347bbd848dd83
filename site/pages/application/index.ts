import { definePage } from "../page";
import { ApplicationPage, preload } from "./lazy";
import * as server from "./page.server";

export const applicationPage = definePage({
  name: "application",
  server,
  Component: ApplicationPage,
  preload,
});
