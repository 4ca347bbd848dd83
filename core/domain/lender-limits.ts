/**
 * The ranges of an `api` lender's limits (decision 0351), shared by the
 * server's settings (server/config.ts: LENDER_CONCURRENCY,
 * LENDER_DEADLINE_MS), a lender's record (server/lenders/lender-record.ts:
 * `decision.concurrency`, `decision.deadlineMs`) and the back office's form:
 * requests in flight to one lender at once on one server, and how long we
 * wait for its answer from the verification.
 */
export const LENDER_CONCURRENCY_RANGE = { min: 1, max: 64, default: 32 } as const;
export const LENDER_DEADLINE_RANGE_MS = { min: 200, max: 30_000, default: 3_000 } as const;
/** Verified applications a lender is asked about in a Colombo day, when it sets a cap. */
export const LENDER_DAILY_CAP_RANGE = { min: 1, max: 1_000_000 } as const;

/**
 * What a lender gets: its own deadline, never longer than the server's
 * (the offers page waits for the server's); without one, the server's.
 */
export function lenderDeadlineMs(own: number | null | undefined, serverMs: number): number {
  return own == null ? serverMs : Math.min(own, serverMs);
}
