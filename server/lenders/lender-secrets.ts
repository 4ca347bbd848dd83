/**
 * A lender's live secret and, for a grace period after the lender rotated
 * it in the lender portal, the one it replaced (decision 0412). Both ways:
 * what it sends us (callbacks, postbacks) is accepted under either until
 * the grace ends; what we send it is signed with the old one in
 * X-Signature and the new one in X-Signature-Next until then, and with the
 * new one alone after.
 */
export interface LiveSecrets {
  api_secret: string | null;
  api_secret_previous: string | null;
  api_secret_previous_until: string | null;
}

/** The replaced secret while its grace lasts; undefined once it has ended (or there is none). */
function previousIn(row: LiveSecrets, now: Date): string | undefined {
  const until = row.api_secret_previous_until;
  if (row.api_secret_previous === null || until === null) return undefined;
  return Date.parse(until) > now.getTime() ? row.api_secret_previous : undefined;
}

/** The secrets a lender's callback or postback may be signed with now: the live one first. */
export function acceptedSecrets(row: LiveSecrets, now: Date): string[] {
  const previous = previousIn(row, now);
  return [row.api_secret, previous].filter((one): one is string => typeof one === "string");
}

/**
 * What signs our requests to the lender now: `secret` in X-Signature (the
 * old one while its grace lasts, else the live one) and, during the grace,
 * `next` (the live one) in X-Signature-Next.
 */
export function signingSecrets(
  row: LiveSecrets,
  now: Date,
): { secret: string; next?: string } | undefined {
  if (row.api_secret === null) return undefined;
  const previous = previousIn(row, now);
  return previous === undefined
    ? { secret: row.api_secret }
    : { secret: previous, next: row.api_secret };
}
