import { definePage } from "../page";
import * as server from "./page.server";
import { StaticPage } from "./StaticPage";

export const staticPage = definePage({ name: "page", server, Component: StaticPage });
