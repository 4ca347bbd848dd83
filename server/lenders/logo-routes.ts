import { Router } from "express";
import { sendError } from "../http/errors";
import { sendUploadedImage } from "../http/send-image";
import type { Storage } from "../storage/database";
import { lenderLogoImage } from "./logos";

/**
 * GET /lenders/{id}/logo: a live or paused lender's uploaded logo, or its
 * monogram; 404 otherwise. Sandboxed like review photos; cached five
 * minutes, so a replaced logo shows soon (the catalogue itself is re-read
 * every 30 s).
 */
export function lenderLogosRouter(storage: Storage): Router {
  const router = Router();
  router.get("/lenders/:id/logo", async (req, res) => {
    const image = await lenderLogoImage(storage, String(req.params.id));
    if (!image) {
      sendError(res, 404, "not_found", "There is no such logo.");
      return;
    }
    sendUploadedImage(res, image, "public, max-age=300");
  });
  return router;
}
