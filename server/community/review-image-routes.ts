import { Router } from "express";
import { uploadedImage } from "../http/send-image";
import type { Storage } from "../storage/database";
import { reviewImage } from "./reviews";

/** A rejected or deleted review's photo must go soon: a day at most in caches. */
const CACHE = "public, max-age=86400";

/** GET /reviews/{id}/image: the photo of an approved review; 404 otherwise. */
export function reviewImagesRouter(storage: Storage): Router {
  const find = (id: string) => reviewImage(storage, id);
  return Router().get("/reviews/:id/image", uploadedImage(find, "There is no such photo.", CACHE));
}
