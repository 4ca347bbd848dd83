import { definePage } from "../page";
import { ArticlePage, preload } from "./lazy";
import * as server from "./page.server";

export const articlePage = definePage({ name: "article", server, Component: ArticlePage, preload });
