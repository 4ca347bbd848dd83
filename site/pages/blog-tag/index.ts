import { definePage } from "../page";
import { BlogTagPage } from "./BlogTagPage";
import * as server from "./page.server";

export const blogTagPage = definePage({ name: "blog-tag", server, Component: BlogTagPage });
