import { createRequire } from "node:module";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request } from "express";
import type { Offer } from "../../core/domain/schemas/offer";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import { onPagesTouched, pageVersion } from "../storage/page-version";

// The compression middleware's own negotiator (its version), so a cached page picks the encoding
// it would.
const fromCompression = createRequire(createRequire(import.meta.url).resolve("compression"));
const Negotiator = fromCompression("negotiator") as new (
  req: Request,
) => { encoding(available: string[], preferred?: string[]): string | undefined };

/** One rendered page, kept as bytes and compressed once per encoding asked for. */
export interface CachedPage {
  locale: string;
  /** The ETag Express gives the uncompressed HTML, so a hit answers as a render would. */
  etag: string | undefined;
  identity: Buffer;
  /** Sent `private, no-store` as rendered: the application form (decision 0311). */
  noStore: boolean;
  gzip?: Buffer | undefined;
  br?: Buffer | undefined;
  /** The headers a hit is sent with, by encoding, made at its first (cachedPagesHandler). */
  headers?: Partial<Record<"br" | "gzip" | "identity", string[]>>;
  storedAt: number;
}

export interface PageCacheOptions {
  storage: Storage;
  log: Logger;
  /** The byte budget of every page held, all encodings counted; the least recently used go first. */
  maxBytes: number;
  /** A page's longest life: what no change touches (article views, "3 hours ago") lags at most this. */
  maxAgeMs?: number;
  /** How often storage's page version is read, at most (decision 0260). */
  checkMs?: number;
  /** Runs when another instance (or this one) changed what pages show: reads the offers again. */
  onChange?: () => Promise<void>;
  now?: () => number;
}

export interface PageCache {
  /**
   * Reads storage's page version if checkMs passed, dropping every page when
   * it changed; answers the cache's generation, for set.
   */
  sync(offers: () => readonly Offer[]): Promise<number>;
  /**
   * sync's answer without waiting, when storage's page version was read
   * within checkMs and no local change asks for a read; undefined when sync
   * must read it (most requests find the cache this way: no promise each).
   */
  fresh(offers: () => readonly Offer[]): number | undefined;
  get(key: string): CachedPage | undefined;
  /** Keeps a page rendered after sync answered `generation`, unless the cache was dropped since. */
  set(key: string, page: Omit<CachedPage, "storedAt">, generation: number): void;
  /** The body for a request's Accept-Encoding: br or gzip made once, or undefined (identity). */
  encoded(
    key: string,
    page: CachedPage,
    req: Request,
  ): { encoding: "br" | "gzip"; body: Buffer } | undefined;
  readonly size: { pages: number; bytes: number };
}

export const PAGE_CACHE_MAX_AGE_MS = 60_000;
export const PAGE_VERSION_CHECK_MS = 1_000;
/**
 * After a change made through this instance, how long its cache reads the
 * version on every request: the change commits after it is touched, and the
 * next page of whoever made it must show it.
 */
export const LOCAL_CHANGE_EAGER_MS = 2_000;

const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];

/** The negotiated encoding by Accept-Encoding header: browsers send few distinct ones. */
const encodings = new Map<string, string | undefined>();
export function encodingWanted(req: Request): string | undefined {
  const header = req.headers["accept-encoding"] ?? "";
  if (encodings.has(header)) return encodings.get(header);
  const method = new Negotiator(req).encoding(SUPPORTED, PREFERRED);
  // Bounded: anyone may send any header.
  if (encodings.size < 100 && header.length < 200) encodings.set(header, method);
  return method;
}

/**
 * The anonymous page cache (issue 19, decisions 0260–0262): an LRU of
 * rendered pages within a byte budget, dropped whole when storage's page
 * version or the catalogue's offers change.
 */
export function createPageCache({
  storage,
  log,
  maxBytes,
  maxAgeMs = PAGE_CACHE_MAX_AGE_MS,
  checkMs = PAGE_VERSION_CHECK_MS,
  onChange = async () => {},
  now = Date.now,
}: PageCacheOptions): PageCache {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recent first.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  let version: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;
  let offersSeen: readonly Offer[] | undefined;
  let eagerUntil = Number.NEGATIVE_INFINITY;
  onPagesTouched(storage, () => {
    eagerUntil = now() + LOCAL_CHANGE_EAGER_MS;
  });

  let generation = 0;
  const clear = () => {
    generation += 1;
    pages.clear();
    bytes = 0;
  };
  const sizeOf = (key: string, page: CachedPage) =>
    key.length * 2 + page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);
  const evict = () => {
    for (const [key, page] of pages) {
      if (bytes <= maxBytes) break;
      pages.delete(key);
      bytes -= sizeOf(key, page);
    }
  };

  const check = async () => {
    try {
      const stored = await pageVersion(storage.db);
      if (stored !== version) {
        // Read the offers before dropping pages, so the next render shows the change.
        if (version !== undefined) await onChange();
        clear();
        version = stored;
      }
    } catch (error) {
      // Without the version nothing held can be trusted; the next request asks again.
      log.error("reading the page version failed", { error });
      clear();
      version = undefined;
      checkedAt = Number.NEGATIVE_INFINITY;
      return;
    }
    checkedAt = now();
  };

  /** The generation once storage's version is known: new offers drop the pages too. */
  const afterCheck = (offers: () => readonly Offer[]) => {
    // After the check: its onChange may have read new offers.
    const current = offers();
    if (current !== offersSeen) {
      clear();
      offersSeen = current;
    }
    return generation;
  };

  return {
    async sync(offers) {
      if (now() < eagerUntil) {
        // A read begun before the change committed would miss it: each request reads its own.
        await check();
      } else if (now() - checkedAt >= checkMs) {
        checking ??= check().finally(() => {
          checking = undefined;
        });
        await checking;
      }
      return afterCheck(offers);
    },
    fresh(offers) {
      const at = now();
      if (at < eagerUntil || at - checkedAt >= checkMs) return undefined;
      return afterCheck(offers);
    },
    get(key) {
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      if (now() - page.storedAt >= maxAgeMs) {
        bytes -= sizeOf(key, page);
        return undefined;
      }
      pages.set(key, page);
      return page;
    },
    set(key, page, renderedIn) {
      // Rendered from what was read before a change: it may show the old state.
      if (renderedIn !== generation) return;
      const old = pages.get(key);
      if (old) {
        pages.delete(key);
        bytes -= sizeOf(key, old);
      }
      const stored = { ...page, storedAt: now() };
      const size = sizeOf(key, stored);
      // A page larger than the whole budget is never kept (nor does it empty the cache).
      if (size > maxBytes) return;
      pages.set(key, stored);
      bytes += size;
      evict();
    },
    encoded(key, page, req) {
      const method = encodingWanted(req);
      if (method !== "br" && method !== "gzip") return undefined;
      let body = page[method];
      if (!body) {
        // The compression middleware's levels: gzip's default, brotli quality 4.
        body =
          method === "gzip"
            ? gzipSync(page.identity)
            : brotliCompressSync(page.identity, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
              });
        page[method] = body;
        // Counted only while the page is still held.
        if (pages.get(key) === page) {
          bytes += body.length;
          evict();
        }
      }
      return { encoding: method, body };
    },
    get size() {
      return { pages: pages.size, bytes };
    },
  };
}
