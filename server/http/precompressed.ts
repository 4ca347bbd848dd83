import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";

// The compression middleware's own negotiator (its version), as the page cache uses it.
const fromCompression = createRequire(createRequire(import.meta.url).resolve("compression"));
const Negotiator = fromCompression("negotiator") as new (
  req: Request,
) => { encoding(available: string[], preferred?: string[]): string | undefined };

/** A script's bytes, each encoding made once, at its smallest. */
interface Encoded {
  mtimeMs: number;
  size: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

const SCRIPT_NAME = /^\/[\w.-]+\.js$/;
/** The widget's catalogs (decision 0303): one per locale, named by content hash. */
const CATALOG_NAME = /^\/messages-\w+-[0-9a-f]{8}\.json$/;

/**
 * The widget's scripts, brotli at quality 11 and gzip at level 9, each
 * compressed once per file version (decision 0302). The compression
 * middleware would spend brotli quality 4 on every request, which made the
 * widget larger over the wire (19.8 KB) than gzip: a partner's visitors pay
 * for every byte on a phone's data plan. Other encodings, other files and
 * anything unusual (a range, an odd name) go on to `next` (express.static
 * and the middleware, as before); `headers` sets what static would. The
 * widget's catalogs (`messages-<locale>-<hash>.json`, decision 0303) go the
 * same way: they are as much of the widget as its script.
 */
export function precompressedScripts(
  dir: string,
  headers: (res: Response, file: string) => void,
): RequestHandler {
  const cache = new Map<string, Encoded>();

  async function encoded(file: string): Promise<Encoded | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const held = cache.get(file);
    if (held && held.mtimeMs === info.mtimeMs && held.size === info.size) return held;
    const identity = await readFile(file);
    const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
    const made: Encoded = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      etag: hash,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    cache.set(file, made);
    return made;
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    const catalog = CATALOG_NAME.test(req.path);
    if (!catalog && !SCRIPT_NAME.test(req.path)) return next();
    const method = new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
    if (method !== "br" && method !== "gzip") return next();
    const file = path.join(dir, req.path.slice(1));
    encoded(file).then((script) => {
      if (!script) return next();
      headers(res, file);
      res.setHeader(
        "Content-Type",
        catalog ? "application/json; charset=utf-8" : "text/javascript; charset=utf-8",
      );
      res.setHeader("Content-Encoding", method);
      res.vary("Accept-Encoding");
      res.setHeader("ETag", `"${script.etag}-${method}"`);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      const body = script[method];
      res.setHeader("Content-Length", body.length);
      if (req.method === "HEAD") res.end();
      else res.end(body);
    }, next);
  };
}
