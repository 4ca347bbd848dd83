import { definePage } from "../page";
import { BlogTagPage, preload } from "./lazy";
import * as server from "./page.server";

export const blogTagPage = definePage({
  name: "blog-tag",
  server,
  Component: BlogTagPage,
  preload,
});
