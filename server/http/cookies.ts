export interface CookieOptions {
  maxAgeSeconds: number;
  /** Out of reach of scripts (and of anything injected into a page). */
  httpOnly: boolean;
  /** Only over https; set it from the request's protocol. */
  secure: boolean;
  /** Site-wide unless given. */
  path?: string;
  /** Lax unless given: links from other sites (a lender, an SMS) keep the visitor's cookies. */
  sameSite?: "Lax" | "Strict";
}

/** A Set-Cookie value, the value URI-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
    ...(options.httpOnly ? ["HttpOnly"] : []),
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
