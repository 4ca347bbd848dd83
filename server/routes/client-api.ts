import { Router } from "express";
import { z } from "zod";
import { pageData, pageHeadHtml, type RenderOptions } from "../../site/server";
import { readCookie } from "../http/cookies";
import { fieldsOf, sendError } from "../http/errors";

/** A path of ours: one leading slash, no scheme, no host, no query. */
const pageQuerySchema = z.object({
  path: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s?#]*$/, "must be a path of this site"),
});

/**
 * GET /client-api/page?path=/en/blog/ — what the browser needs to show a
 * page without reloading (in-app navigation, site/navigation.ts): its state,
 * head tags, language and status. Same data as the server render.
 */
export function clientApiRouter(options: Omit<RenderOptions, "assets">): Router {
  const router = Router();
  router.get("/client-api/page", (req, res) => {
    const parsed = pageQuerySchema.safeParse({ path: req.query.path });
    if (!parsed.success) {
      sendError(res, 400, "invalid_query", "The page path is not valid.", fieldsOf(parsed.error));
      return;
    }
    const page = pageData(parsed.data.path, {
      ...options,
      cookieNoticeAccepted: readCookie(req.headers.cookie, "cookie_notice") === "accepted",
    });
    res.setHeader("Cache-Control", "no-cache");
    res.vary("Cookie").json({
      status: page.status,
      locale: page.locale,
      headHtml: pageHeadHtml(page, options.site),
      state: page.state,
    });
  });
  return router;
}
