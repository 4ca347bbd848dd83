/**
 * SPEC §7's generic HTTP behaviour: reads are retried once, writes never,
 * and only on these statuses. The server's lead feed follows it; so will
 * the browser's HTTP helper (issue 6).
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
