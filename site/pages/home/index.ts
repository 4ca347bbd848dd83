import { definePage } from "../page";
import { HomePage } from "./HomePage";
import * as server from "./page.server";

export const homePage = definePage({ name: "home", server, Component: HomePage });
