import { definePage } from "../page";
import { LenderPage } from "./LenderPage";
import * as server from "./page.server";

export const lenderPage = definePage({ name: "lender", server, Component: LenderPage });
