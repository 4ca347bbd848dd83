import { definePage } from "../page";
import * as server from "./page.server";
import { ScreenPage } from "./ScreenPage";

export const screensPage = definePage({ name: "screen", server, Component: ScreenPage });
