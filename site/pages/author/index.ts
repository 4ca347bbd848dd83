import { definePage } from "../page";
import { AuthorPage } from "./AuthorPage";
import * as server from "./page.server";

export const authorPage = definePage({ name: "author", server, Component: AuthorPage });
