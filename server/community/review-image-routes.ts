import type { Router } from "express";
import { uploadedImageRouter } from "../http/send-image";
import type { Storage } from "../storage/database";
import { reviewImage } from "./reviews";

/** GET /reviews/{id}/image: the photo of an approved review; 404 otherwise. */
export function reviewImagesRouter(storage: Storage): Router {
  return uploadedImageRouter(
    "/reviews/:id/image",
    (id) => reviewImage(storage, id),
    "There is no such photo.",
    // A rejected or deleted review's photo must go soon: a day at most in caches.
    "public, max-age=86400",
  );
}
