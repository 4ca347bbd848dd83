import { cookieValue } from "../../core/helpers/cookies";

/**
 * The one reader and writer of our cookies in the browser (site and
 * widget). Every cookie we write carries a Max-Age, so the browser removes
 * it when its time passes (SPEC §4); none lives on without one. Site-wide
 * (Path=/), SameSite Lax, Secure on https. The names and lifetimes are
 * listed in the cookies policy.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers we serve.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

/** A cookie's value, decoded; undefined when absent or not decodable (core/helpers/cookies.ts). */
export function readCookie(name: string): string | undefined {
  return cookieValue(document.cookie, name);
}

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
