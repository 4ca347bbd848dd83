import type { Response } from "express";

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
