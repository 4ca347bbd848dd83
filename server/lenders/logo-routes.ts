import { Router } from "express";
import { uploadedImage } from "../http/send-image";
import type { Storage } from "../storage/database";
import { lenderLogoImage } from "./logos";

/**
 * GET /lenders/{id}/logo: a live or paused lender's uploaded logo, or its
 * monogram; 404 otherwise. Sandboxed like review photos; cached five
 * minutes, so a replaced logo shows soon (the catalogue itself is re-read
 * every 30 s).
 */
export function lenderLogosRouter(storage: Storage): Router {
  const find = (id: string) => lenderLogoImage(storage, id);
  return Router().get(
    "/lenders/:id/logo",
    uploadedImage(find, "There is no such logo.", "public, max-age=300"),
  );
}
