import { type Offer, offerCatalogueSchema } from "../../core/domain/schemas/offer";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import lk from "./catalogues/lk.json";
import { readVisibleOffers } from "./lenders";

/**
 * The offers a feed config (SPEC §7: the lower-cased country code, with
 * kz_ru, ua_ru and ua_ua as exceptions) shows now. Read from storage (the
 * lenders and their products, issue 15) and kept in memory: `offers()` is
 * called on every page and feed request and never waits for storage.
 */
export interface OfferCatalogue {
  offers(): readonly Offer[];
  /** Reads storage again: after a change through the lenders service, and every refreshMs. */
  refresh(): Promise<void>;
  close(): void;
}

export type Catalogues = ReadonlyMap<string, OfferCatalogue>;

/** The offers now: what routers hold instead of a list, so a lender's change shows at once. */
export type OfferSource = () => readonly Offer[];

/**
 * The sample catalogues shipped with the build (catalogues/lk.json): the seed
 * of a new database's lenders, and the offers of tests that need no storage.
 * Validated, so a broken seed stops a deploy instead of reaching a visitor.
 */
const seeds: Record<string, unknown> = { lk };

export function loadCatalogues(): ReadonlyMap<string, readonly Offer[]> {
  const catalogues = new Map<string, readonly Offer[]>();
  for (const [name, source] of Object.entries(seeds)) {
    const result = offerCatalogueSchema.safeParse(source);
    if (!result.success) {
      const first = result.error.issues[0];
      throw new Error(
        `Offer catalogue "${name}" is invalid at ${first?.path.join(".") ?? "?"}: ${first?.message ?? "unknown"}`,
      );
    }
    catalogues.set(name, Object.freeze(result.data));
  }
  return catalogues;
}

/** A catalogue that never changes: the seed's offers, for tests that need no storage. */
export function fixedCatalogue(offers: readonly Offer[]): OfferCatalogue {
  return { offers: () => offers, refresh: async () => {}, close: () => {} };
}

/** How often every instance reads the lenders again, for changes another instance made. */
export const CATALOGUE_REFRESH_MS = 30_000;

/**
 * Sri Lanka's catalogue from storage. The first read happens here (a server
 * does not start without its offers); a failed later read keeps the last
 * good one and is logged. `withSandbox`: whether `npm run sandbox`'s
 * lenders are listed, which only a server outside production may do,
 * whatever its database holds (issue 30).
 */
export async function openOfferCatalogue(
  storage: Storage,
  log: Logger,
  options: { withSandbox: boolean; refreshMs?: number },
): Promise<OfferCatalogue> {
  const { withSandbox, refreshMs = CATALOGUE_REFRESH_MS } = options;
  const read = () => readVisibleOffers(storage, { withSandbox });
  let current: readonly Offer[] = Object.freeze(await read());
  let currentJson = JSON.stringify(current);
  const refresh = async () => {
    const next = await read();
    const nextJson = JSON.stringify(next);
    // The same offers keep the same array: the page cache drops its pages on a new one.
    if (nextJson === currentJson) return;
    current = Object.freeze(next);
    currentJson = nextJson;
  };
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => log.error("reading the lenders failed", { error }));
  }, refreshMs);
  timer.unref();
  return {
    offers: () => current,
    refresh,
    close: () => clearInterval(timer),
  };
}
