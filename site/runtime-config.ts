import { COUNTRY_ID_PATTERN, DEFAULT_COUNTRY_CONFIG, isCountryCode } from "../core/domain/country";
import type { RuntimeConfig } from "../core/views/site-contract";

let cached: RuntimeConfig | undefined;

/**
 * The server's runtime configuration for the browser code (`#runtime-config`
 * in the page, site/document.ts), read once; Sri Lanka's country config and
 * events sent when a page carries none or a malformed one.
 */
export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  let given: Partial<Record<keyof RuntimeConfig, unknown>> = {};
  try {
    given = JSON.parse(document.getElementById("runtime-config")?.textContent ?? "{}");
  } catch {
    // Keep the defaults.
  }
  const id = (value: unknown, fallback: string) =>
    typeof value === "string" && COUNTRY_ID_PATTERN.test(value) ? value : fallback;
  cached = {
    country: isCountryCode(given.country) ? given.country : DEFAULT_COUNTRY_CONFIG.country,
    leadId: id(given.leadId, DEFAULT_COUNTRY_CONFIG.leadId),
    providerId: id(given.providerId, DEFAULT_COUNTRY_CONFIG.providerId),
    logEvents: given.logEvents === true,
    pushPublicKey: typeof given.pushPublicKey === "string" ? given.pushPublicKey : undefined,
  };
  return cached;
}
