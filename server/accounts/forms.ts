import { createHash } from "node:crypto";
import express, { type Request, type RequestHandler, type Response } from "express";
import { nulFieldsOf } from "../http/parse";

/**
 * What every signed-in area (a realm: the back office, the partner portal) does with a
 * form and a page: the form parsed within limits, a change from our pages only, and the
 * headers of a page behind a sign-in.
 */

/** No script at all; one inline stylesheet by its hash; forms and images to ourselves only. */
export function signedInPagePolicy(stylesheet: string): string {
  const styleHash = createHash("sha256").update(stylesheet).digest("base64");
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The headers of pages behind a sign-in (the back office, the partner portal): this CSP, no
 * frames, no search engines, no caches.
 */
export function privatePageHeaders(policy: string): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("Content-Security-Policy", policy);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    // One-time links carry their token in the query: it must not leave in a Referer. Not
    // no-referrer: with it, browsers send a form's Origin as "null", which fromOurPages refuses.
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  };
}

/** Forms are small: a bulk moderation sends at most a few hundred ids. */
const parseForm = express.urlencoded({ extended: false, limit: "32kb", parameterLimit: 500 });

/** A file sent with a multipart form (a lender's logo): checked by its bytes where it is used. */
export interface FormFile {
  kind: "file";
  name: string;
  bytes: Uint8Array;
}

/** A multipart form carries at most a logo (200 KB) and its lender's fields. */
const MULTIPART_LIMIT_BYTES = 512 * 1024;
const readMultipart = express.raw({ type: "multipart/form-data", limit: MULTIPART_LIMIT_BYTES });

/** A multipart body as the form: repeated names as lists, files as FormFile (empty ones left out). */
async function multipartForm(req: Request): Promise<Record<string, unknown>> {
  const body = req.body;
  if (!Buffer.isBuffer(body)) return {};
  let data: FormData;
  try {
    // Node's own multipart parser (undici's), through the Fetch API's Request.
    data = await new Request("http://form.invalid/", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"]) },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw refusedForm("unreadable multipart form");
  }
  const form: Record<string, unknown> = {};
  for (const [name, value] of data.entries()) {
    let entry: unknown = value;
    if (typeof value !== "string") {
      if (value.size === 0) continue;
      entry = { kind: "file", name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
    const before = form[name];
    form[name] =
      before === undefined ? entry : [...(Array.isArray(before) ? before : [before]), entry];
  }
  return form;
}

/** A form the client got wrong: a 400 that refusedFormStatus (and the API's error handler) reads. */
function refusedForm(message: string): Error {
  return Object.assign(new Error(message), { status: 400, expose: true });
}

/** The form, unless a field (a file's name included) holds U+0000 (decision 0340). */
function withoutNul(form: Record<string, unknown>): Record<string, unknown> {
  if (Object.keys(nulFieldsOf(form)).length > 0) {
    throw refusedForm("a form field holds a NUL character");
  }
  return form;
}

/**
 * Runs the form parser and resolves with the form (empty when the body is
 * not a form); rejects with a 4xx refusedFormStatus reads for a form too
 * large, unreadable (a multipart type whose body is not one), or with
 * U+0000 in a field.
 */
export function formOf(req: Request, res: Response): Promise<Record<string, unknown>> {
  if (req.is("multipart/form-data")) {
    return new Promise((resolve, reject) => {
      readMultipart(req, res, (error?: unknown) => {
        if (error) reject(error);
        else multipartForm(req).then(withoutNul).then(resolve, reject);
      });
    });
  }
  return new Promise((resolve, reject) => {
    parseForm(req, res, (error?: unknown) => {
      if (error) reject(error);
      else {
        try {
          resolve(withoutNul((req.body ?? {}) as Record<string, unknown>));
        } catch (refused) {
          reject(refused);
        }
      }
    });
  });
}

/** A form the parsers refused (too large, unreadable): its 4xx status, or undefined for anything else. */
export function refusedFormStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * A POST's form when it comes from one of our pages; otherwise undefined,
 * once `refuse` has answered with the status: a parser's 4xx (a form too
 * large, unreadable, with U+0000) or 403 for a form from elsewhere.
 */
export async function formFromOurPages(
  req: Request,
  res: Response,
  siteOrigin: string,
  refuse: (status: number) => void,
): Promise<Record<string, unknown> | undefined> {
  let form: Record<string, unknown>;
  try {
    form = await formOf(req, res);
  } catch (error) {
    const status = refusedFormStatus(error);
    if (status === undefined) throw error;
    refuse(status);
    return undefined;
  }
  if (fromOurPages(req, siteOrigin)) return form;
  refuse(403);
  return undefined;
}

/**
 * Whether a change comes from a page of ours: the Origin header (every
 * browser sends it with a form POST) is our public origin or the request's
 * own; without one, Fetch Metadata must not say cross-site. A client that
 * sends neither is not a browser, and cannot carry a member's
 * SameSite=Strict cookie across sites.
 */
export function fromOurPages(req: Request, siteOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    return origin === siteOrigin || origin === `${req.protocol}://${req.headers.host ?? ""}`;
  }
  const site = req.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}
