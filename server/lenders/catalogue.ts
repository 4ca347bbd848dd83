import { type Offer, offerCatalogueSchema } from "../../core/schemas/offer";
import lk from "./catalogues/lk.json";

/**
 * The offer catalogues, one per feed config name (SPEC §7: the lower-cased
 * country code, with kz_ru, ua_ru and ua_ua as exceptions). They ship with
 * the build and are validated when the server starts, so a broken catalogue
 * stops a deploy instead of reaching a visitor.
 */
const sources: Record<string, unknown> = { lk };

export type Catalogues = ReadonlyMap<string, readonly Offer[]>;

export function loadCatalogues(): Catalogues {
  const catalogues = new Map<string, readonly Offer[]>();
  for (const [name, source] of Object.entries(sources)) {
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
