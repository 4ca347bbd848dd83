import { Router } from "express";
import type { AssetManifest } from "../../core/views/site-contract";
import { sendError } from "../http/errors";

/**
 * The release files (SPEC §4, §7; issue 6): /_build/latest.json names the
 * build this server runs (id and time), and /_build/{buildId}/manifest.json
 * lists that build's files. Pages poll the first (never cached) and load
 * afresh at the next navigation when the id changes.
 */
export function buildRouter(assets: AssetManifest): Router {
  const router = Router();
  router.get("/_build/latest.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.json({ buildId: assets.buildId, builtAt: assets.builtAt });
  });
  router.get("/_build/:buildId/manifest.json", (req, res) => {
    if (req.params.buildId !== assets.buildId) {
      sendError(res, 404, "unknown_build", "This server does not run that build.");
      return;
    }
    // A build's manifest never changes.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.json(assets);
  });
  return router;
}
