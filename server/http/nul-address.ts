import type { RequestHandler } from "express";
import { sendError } from "./errors";

/** %00, as a path or query holds U+0000 once decoded; a raw one never passes Node's parser. */
const NUL_IN_ADDRESS = /%00|\0/i;

export const NUL_ADDRESS = {
  code: "invalid_character",
  message: "The address holds a NUL character (%00), which nothing here accepts.",
} as const;

/**
 * Refuses, with a 400 and the envelope, any request whose path or query
 * holds U+0000 (decision 0340): no route parameter or query value reaches
 * a router, a page or storage with it, on every route at once. Placed
 * before the page cache and the routers.
 */
export const refuseNulInAddress: RequestHandler = (req, res, next) => {
  if (NUL_IN_ADDRESS.test(req.url)) {
    sendError(res, 400, NUL_ADDRESS.code, NUL_ADDRESS.message);
    return;
  }
  next();
};
