import { Router } from "express";
import type { Catalogues } from "../feed/catalogue";
import { sendError } from "../http/errors";

const FEED_CONFIG_NAME = /^[a-z]{2}(_[a-z]{2})?$/;

/**
 * GET /api/feed/config/:name — the offers of one feed config (SPEC §3, §7).
 * Public and CORS-open: partners' pages load it through the widget.
 */
export function feedRouter(catalogues: Catalogues): Router {
  const router = Router();
  router.get("/feed/config/:name", (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    const { name } = req.params;
    const offers = FEED_CONFIG_NAME.test(name) ? catalogues.get(name) : undefined;
    if (!offers) {
      sendError(res, 404, "unknown_feed_config", `There is no feed config named "${name}".`);
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(offers);
  });
  return router;
}
