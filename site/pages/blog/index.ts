import { definePage } from "../page";
import { BlogPage } from "./BlogPage";
import * as server from "./page.server";

export const blogPage = definePage({ name: "blog", server, Component: BlogPage });
