import { definePage } from "../page";
import { BankPage, preload } from "./lazy";
import * as server from "./page.server";

export const bankPage = definePage({ name: "bank", server, Component: BankPage, preload });
