import { definePage } from "../page";
import { preload, UnsubscribePage } from "./lazy";
import * as server from "./page.server";

export const unsubscribePage = definePage({
  name: "unsubscribe",
  server,
  Component: UnsubscribePage,
  preload,
});
