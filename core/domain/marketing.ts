import { ATTRIBUTION_FIELDS, isAttributionCode } from "./application";

/**
 * Marketing attribution (SPEC §3, §9; issue 6): what a landing address says
 * about where a visitor came from. It is kept in the marketing cookie (six
 * months, the last campaign that brought them) and the marketing session
 * (thirty minutes, this visit), and travels with events, applications and
 * click-outs. Codes only: never free text, never personal data. The keys
 * are an application's attribution fields and the promo code.
 */
export const MARKETING_KEYS = [...ATTRIBUTION_FIELDS, "promo"] as const;
export type MarketingKey = (typeof MARKETING_KEYS)[number];
export type Marketing = Partial<Record<MarketingKey, string>>;

export const MARKETING_COOKIE = "marketing";
export const MARKETING_SESSION_COOKIE = "marketing_session";
/** SPEC §9: six months (183 days) and thirty minutes. */
export const MARKETING_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
export const MARKETING_SESSION_MAX_AGE_SECONDS = 30 * 60;

/** SPEC §9: a promo code is six digits, 100000 to 999999. */
export function isPromoCode(value: string): boolean {
  return /^[1-9]\d{5}$/.test(value);
}

function acceptable(key: MarketingKey, value: string): boolean {
  if (key === "promo") return isPromoCode(value);
  return isAttributionCode(value);
}

/** The marketing values among some pairs, each checked; anything else is dropped. */
export function pickMarketing(pairs: Iterable<[string, string]>): Marketing {
  const found: Marketing = {};
  for (const [key, value] of pairs) {
    if (
      (MARKETING_KEYS as readonly string[]).includes(key) &&
      acceptable(key as MarketingKey, value)
    ) {
      found[key as MarketingKey] = value;
    }
  }
  return found;
}

const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|yandex|baidu|ecosia)\.[a-z.]+$/;

/**
 * The kind of visit, when the address does not say (`traffic_type`): a
 * partner's visitor, a paid or other campaign, a search engine, another
 * site, or a direct visit.
 */
export function trafficType(marketing: Marketing, referrerHost: string | undefined): string {
  if (marketing.partner || marketing.sub1) return "affiliate";
  const medium = marketing.utm_medium?.toLowerCase();
  if (medium && /^(cpc|ppc|cpm|paid|paid[_-]?social|display)$/.test(medium)) return "paid";
  if (medium === "email") return "email";
  if (marketing.utm_source || marketing.utm_campaign) return "campaign";
  if (referrerHost && SEARCH_ENGINES.test(referrerHost)) return "organic";
  return referrerHost ? "referral" : "direct";
}

/**
 * What a landing address brings: its marketing values with their traffic
 * type, or undefined when it carries none (a visit from a bookmark must
 * not erase the campaign that brought the visitor last week).
 */
export function marketingFromLanding(
  query: URLSearchParams,
  referrerHost: string | undefined,
): Marketing | undefined {
  const found = pickMarketing(query.entries());
  if (Object.keys(found).length === 0) return undefined;
  return { ...found, traffic_type: found.traffic_type ?? trafficType(found, referrerHost) };
}

/** A cookie's text for marketing values, and back (unknown or bad values are dropped). */
export function encodeMarketing(marketing: Marketing): string {
  return new URLSearchParams(
    Object.entries(marketing).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
}

export function decodeMarketing(text: string | undefined): Marketing {
  if (!text) return {};
  try {
    return pickMarketing(new URLSearchParams(text).entries());
  } catch {
    return {};
  }
}
