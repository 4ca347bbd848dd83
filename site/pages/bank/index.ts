import { definePage } from "../page";
import { BankPage } from "./BankPage";
import * as server from "./page.server";

export const bankPage = definePage({ name: "bank", server, Component: BankPage });
