import type { Request, RequestHandler } from "express";
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
 * a router, a page or storage with it, on every route at once. A cookie
 * whose value holds it is taken out of the Cookie header, so every reader
 * finds no such cookie (as one it cannot decode, 0080) without the
 * browser's copy of cookieValue growing. Placed before the page cache and
 * the routers.
 */
/** Whether the request's address or Cookie header holds U+0000: what refuseNulInAddress acts on. */
export function hasNul(req: Request): boolean {
  return NUL_IN_ADDRESS.test(req.url) || NUL_IN_ADDRESS.test(req.headers.cookie ?? "");
}

export const refuseNulInAddress: RequestHandler = (req, res, next) => {
  if (NUL_IN_ADDRESS.test(req.url)) {
    sendError(res, 400, NUL_ADDRESS.code, NUL_ADDRESS.message);
    return;
  }
  const cookie = req.headers.cookie;
  if (cookie && NUL_IN_ADDRESS.test(cookie)) {
    req.headers.cookie = cookie
      .split(";")
      .filter((pair) => !NUL_IN_ADDRESS.test(pair))
      .join(";");
  }
  next();
};
