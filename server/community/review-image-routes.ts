import { Router } from "express";
import { sendError } from "../http/errors";
import { sendUploadedImage } from "../http/send-image";
import type { Storage } from "../storage/database";
import { reviewImage } from "./reviews";

/** GET /reviews/{id}/image: the photo of an approved review; 404 otherwise. */
export function reviewImagesRouter(storage: Storage): Router {
  const router = Router();
  router.get("/reviews/:id/image", async (req, res) => {
    const image = await reviewImage(storage, String(req.params.id));
    if (!image) {
      sendError(res, 404, "not_found", "There is no such photo.");
      return;
    }
    // A rejected or deleted review's photo must go soon: a day at most in caches.
    sendUploadedImage(res, image, "public, max-age=86400");
  });
  return router;
}
