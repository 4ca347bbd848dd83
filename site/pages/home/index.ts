import { definePage } from "../page";
import { HomePage, preload } from "./lazy";
import * as server from "./page.server";

export const homePage = definePage({ name: "home", server, Component: HomePage, preload });
