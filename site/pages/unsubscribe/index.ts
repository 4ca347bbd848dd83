import { definePage } from "../page";
import * as server from "./page.server";
import { UnsubscribePage } from "./UnsubscribePage";

export const unsubscribePage = definePage({
  name: "unsubscribe",
  server,
  Component: UnsubscribePage,
});
