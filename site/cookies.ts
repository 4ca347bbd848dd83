/**
 * Writes one of our first-party cookies for the whole site, SameSite Lax,
 * Secure on https. The names and lifetimes are listed in the cookies policy.
 */
export function setSiteCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phone browsers we serve.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
