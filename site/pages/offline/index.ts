import { definePage } from "../page";
import { OfflinePage, preload } from "./lazy";
import * as server from "./page.server";

export const offlinePage = definePage({ name: "offline", server, Component: OfflinePage, preload });
