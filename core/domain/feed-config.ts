/**
 * Names of the feed configs (SPEC §7): one per country, except where a country
 * has a config per language. Kazakhstan has a Russian one only; Ukraine has
 * Russian under /ru/ and Ukrainian elsewhere.
 */
export function feedConfigName(countryCode: string, path: string): string {
  const country = countryCode.toLowerCase();
  if (country === "kz") return "kz_ru";
  // SPEC §7 says "contains /ru/"; paths are lower-case, so the match is literal.
  if (country === "ua") return path.includes("/ru/") ? "ua_ru" : "ua_ua";
  return country;
}

/**
 * Every config name a country has: one, or Ukraine's two (its Russian and
 * Ukrainian pages). A deployment serves its lenders under these names (0323).
 */
export function feedConfigNamesOf(countryCode: string): string[] {
  return [...new Set([feedConfigName(countryCode, "/"), feedConfigName(countryCode, "/ru/")])];
}

/**
 * Offers SPEC §7 requires in a country's list whatever the lead feed says, by
 * lower-case country code. A Map, so that "constructor" is not a country.
 */
const REQUIRED_OFFERS: ReadonlyMap<string, readonly number[]> = new Map([["es", [67]]]);

/**
 * The active offer ids with the country's required offers appended when
 * missing. Returns a new array; ids already present are not repeated, and the
 * ids of countries without required offers come back unchanged.
 */
export function withRequiredOffers(countryCode: string, activeIds: readonly number[]): number[] {
  const required = REQUIRED_OFFERS.get(countryCode.toLowerCase()) ?? [];
  const result = [...activeIds];
  for (const offerId of required) {
    if (!result.includes(offerId)) result.push(offerId);
  }
  return result;
}
