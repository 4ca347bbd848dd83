/**
 * Country config (SPEC §3): which country this deployment serves, its lead
 * id and its provider id. The server reads it from its environment (Sri
 * Lanka by default) and hands it to the browser in each page's state.
 */
/** SPEC §1's countries (the partner page lists them), and Malaysia of the experiments. */
export const COUNTRY_CODES = [
  "LK",
  "RO",
  "CO",
  "MX",
  "ES",
  "PL",
  "KZ",
  "VN",
  "PH",
  "UA",
  "ZA",
  "MY",
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface CountryConfig {
  country: CountryCode;
  /** The lead programme that this deployment's applications belong to; stored on every lead. */
  leadId: string;
  /** Who we are in tracking events (`provider_id`). */
  providerId: string;
}

export const DEFAULT_COUNTRY_CONFIG: CountryConfig = {
  country: "LK",
  leadId: "lk-loans",
  providerId: "nayacompare-lk",
};

/** A lead or provider id: a short code, never free text. */
export const COUNTRY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (COUNTRY_CODES as readonly string[]).includes(value);
}
