import { definePage } from "../page";
import { LenderPage, preload } from "./lazy";
import * as server from "./page.server";

export const lenderPage = definePage({ name: "lender", server, Component: LenderPage, preload });
