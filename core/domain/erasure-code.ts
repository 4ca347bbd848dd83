/**
 * The one-time codes of a deletion request (issue 14, decision 0090): one
 * code per contact named, sent to it, proving that the person asking holds
 * it. Shared by the server, which makes and checks the codes, and by the
 * unsubscribe page, which says how long they work and reads what was typed.
 */
export const ERASURE_CODE = {
  digits: 6,
  minutes: 10,
  /** Wrong codes a request takes before it is spent. */
  tries: 5,
} as const;

/** The contacts a request can name, in the order the form asks for them. */
export const ERASURE_KINDS = ["email", "phone"] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];

/**
 * A code as typed: spaces, hyphens and dots (how people copy "123 456" or
 * "123-456") left out, Sinhala keyboards' ASCII digits as they are. Undefined
 * unless six digits remain.
 */
export function typedCode(text: string): string | undefined {
  const digits = text.replace(/[\s.-]/g, "");
  return new RegExp(`^[0-9]{${ERASURE_CODE.digits}}$`).test(digits) ? digits : undefined;
}

/** A request id as the server makes them: 128 random bits, base64url. */
export function isErasureRequestId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/**
 * The code step's address (locale-free) for a request and the contacts it
 * still waits for: `/unsubscribe/confirm/{requestId}/` for both, with
 * `email/` or `phone/` before the id for one. The request id and the kinds
 * travel in the path, so that the language switch keeps them; never a contact.
 */
export function confirmPath(requestId: string, waiting: readonly ErasureKind[]): string {
  const one = waiting.length === 1 ? `${waiting[0]}/` : "";
  return `/unsubscribe/confirm/${one}${requestId}/`;
}

/** The request id and the contacts waited for in a code step's address, or undefined. */
export function parseConfirmPath(
  path: string,
): { requestId: string; waiting: ErasureKind[] } | undefined {
  const match = /^\/unsubscribe\/confirm\/(?:(email|phone)\/)?([A-Za-z0-9_-]{22})\/$/.exec(path);
  const requestId = match?.[2];
  if (!requestId) return undefined;
  const one = match[1] as ErasureKind | undefined;
  return { requestId, waiting: one ? [one] : [...ERASURE_KINDS] };
}
