import { definePage } from "../page";
import { BlogPage, preload } from "./lazy";
import * as server from "./page.server";

export const blogPage = definePage({ name: "blog", server, Component: BlogPage, preload });
