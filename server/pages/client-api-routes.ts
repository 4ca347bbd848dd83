import { Router } from "express";
import { z } from "zod";
import { pageData, pageHeadHtml } from "../../site/server";
import { parseInput } from "../http/parse";
import type { PageLoaders } from "./loaders";
import { type PageOptions, pageRequestContext } from "./page-context";

/** A path of ours with its query: one leading slash, no scheme, no host, no fragment. */
const pageQuerySchema = z.object({
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])[^\s?#]*(\?[^\s#]*)?$/, "must be a path of this site"),
});

/**
 * GET /client-api/page?path=/en/blog/ (a query may follow the path) — what the browser needs to show a
 * page without reloading (in-app navigation, site/navigation.ts): its state,
 * head tags, language and status. Same data as the server render.
 */
export function clientApiRouter(
  pageOptions: Omit<PageOptions, "assets">,
  loaders: PageLoaders,
): Router {
  const router = Router();
  router.get("/client-api/page", async (req, res) => {
    const parsed = parseInput(
      res,
      pageQuerySchema,
      { path: req.query.path },
      {
        code: "invalid_query",
        message: "The page path is not valid.",
      },
    );
    if (!parsed) return;
    const [path = "/", search = ""] = parsed.path.split("?", 2);
    const options = { ...pageOptions, offers: pageOptions.offers() };
    const { noStore, ...context } = await pageRequestContext(req, path, search, loaders);
    const page = pageData(path, { ...options, ...context });
    res.setHeader("Cache-Control", noStore ? "private, no-store" : "no-cache");
    res.vary("Cookie").json({
      status: page.status,
      locale: page.locale,
      headHtml: pageHeadHtml(page, options.site),
      state: page.state,
    });
  });
  return router;
}
