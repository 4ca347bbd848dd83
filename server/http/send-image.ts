import type { RequestHandler, Response } from "express";
import { sendError } from "./errors";

/**
 * Serves an image people uploaded (a review's photo): its own type, no
 * sniffing, and nothing allowed to run or load with it, so a crafted file
 * cannot act as a page of ours.
 */
export function sendUploadedImage(
  res: Response,
  image: { contentType: string; data: Buffer },
  cache: string,
): void {
  res
    .status(200)
    .type(image.contentType)
    .setHeader("Cache-Control", cache)
    .setHeader("Content-Security-Policy", "default-src 'none'; sandbox")
    .setHeader("Content-Disposition", "inline")
    .send(image.data);
}

/**
 * The GET of an uploaded image by the id its route names (`:id`): the image as
 * sendUploadedImage sends it, cached as `cache` says, or 404 with `missing`.
 */
export function uploadedImage(
  find: (id: string) => Promise<{ contentType: string; data: Buffer } | undefined>,
  missing: string,
  cache: string,
): RequestHandler {
  return async (req, res) => {
    const image = await find(String(req.params.id));
    if (image) sendUploadedImage(res, image, cache);
    else sendError(res, 404, "not_found", missing);
  };
}
