import { STALE_AFTER_DEADLINE_MS } from "../lenders/decisions";
import type { OffersOfLead } from "../offers/lead-offers";

/**
 * GET /api/partner/v1/leads/{id}/offers?wait=SECONDS (decision 0356): one
 * call that answers once a lead's decisions are complete, or when the wait
 * or the decisions' deadline ends, whichever is first. Like the borrower's
 * stream (server/offers/application-offers-routes.ts), it reads storage on
 * this instance's news of the lead at once and every pollMs otherwise, so a
 * decision another instance records is seen too. Nothing outlives the
 * request: the subscription and timers go when it is answered or when the
 * client goes away.
 */
export interface DecisionsWaitOptions {
  /** The lead's offers and decisions as they stand (server/offers). */
  read: () => Promise<OffersOfLead | undefined>;
  /** This instance's news of the lead (the decision network's subscribe). */
  subscribe: (listener: () => void) => () => void;
  waitMs: number;
  /** How often storage is read between news. */
  pollMs: number;
  now: () => Date;
  /** Aborted when the client goes away: the wait ends at once. */
  signal: AbortSignal;
}

/**
 * How long after the last read is due a wait gives up on it (a storage
 * that hangs) and answers what it has: with the last read due just after
 * the deadline, no request outlives the deadline by more than about 1 s.
 */
export const LAST_READ_GRACE_MS = 500;

/** Whether nothing more will change: no lender asked (complete then), or every one settled. */
export const decisionsSettled = (lead: OffersOfLead): boolean => lead.decisions.complete;

/** The lead's offers once settled, or as they stand when the wait ends (see above). */
export function waitForDecisions(
  first: OffersOfLead,
  options: DecisionsWaitOptions,
): Promise<OffersOfLead> {
  const { read, subscribe, waitMs, pollMs, now, signal } = options;
  const decisions = first.decisions;
  if (decisions.complete || waitMs <= 0 || signal.aborted) {
    return Promise.resolve(first);
  }
  // A lender still waiting shows as failed STALE_AFTER_DEADLINE_MS after the deadline.
  const untilDeadline =
    Date.parse(decisions.deadline) + STALE_AFTER_DEADLINE_MS + 10 - now().getTime();
  const untilEnd = Math.max(0, Math.min(waitMs, untilDeadline));
  return new Promise((resolve) => {
    let last = first;
    let done = false;
    let reading = false;
    let readAgain = false;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = () => {};
    const stopListening = () => {
      unsubscribe();
      unsubscribe = () => {};
    };

    const finish = () => {
      if (done) return;
      done = true;
      for (const timer of timers) clearTimeout(timer);
      stopListening();
      signal.removeEventListener("abort", finish);
      resolve(last);
    };
    const take = (next: OffersOfLead | undefined) => {
      if (done) return;
      if (next) last = next;
      if (!next || decisionsSettled(last)) finish();
    };
    const check = async () => {
      if (done) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        take(await read());
      } catch {
        // Storage failed for a moment: the next read tries again.
      } finally {
        reading = false;
        if (readAgain && !done) {
          readAgain = false;
          void check();
        }
      }
    };
    const lastRead = () => {
      if (done) return;
      // No more news or polls: one read of how things stand, and the answer.
      stopListening();
      for (const timer of timers) clearTimeout(timer);
      timers.push(setTimeout(finish, LAST_READ_GRACE_MS));
      read()
        .then((next) => {
          if (next && !done) last = next;
        })
        .catch(() => {})
        .finally(finish);
    };

    signal.addEventListener("abort", finish, { once: true });
    unsubscribe = subscribe(() => void check());
    // A decision recorded between the first read and the subscription is not missed.
    void check();
    timers.push(setInterval(() => void check(), pollMs));
    timers.push(setTimeout(lastRead, untilEnd));
  });
}
