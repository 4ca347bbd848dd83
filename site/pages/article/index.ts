import { definePage } from "../page";
import { ArticlePage } from "./ArticlePage";
import * as server from "./page.server";

export const articlePage = definePage({ name: "article", server, Component: ArticlePage });
