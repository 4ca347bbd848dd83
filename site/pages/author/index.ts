import { definePage } from "../page";
import { AuthorPage, preload } from "./lazy";
import * as server from "./page.server";

export const authorPage = definePage({ name: "author", server, Component: AuthorPage, preload });
