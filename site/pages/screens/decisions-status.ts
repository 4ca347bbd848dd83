import type { ApplicationDecisions } from "../../../core/domain/decisions";

/**
 * Where the lenders asked in real time stand, counted once from their
 * decisions (decision 0361): the status line above the offers and the
 * summary that names who said no or did not reply both read it, so they can
 * never disagree ("9 of 9 answered" above "3 did not answer" was two counts).
 *
 * - `answered`: lenders that decided (approved or declined);
 * - `noReply`: lenders that gave no usable answer (failed), and, once nothing
 *   more will change, those still waiting or pending (they missed the deadline);
 * - `waiting`: lenders that may still answer (waiting, or pending before the deadline).
 *
 * `answered + noReply + waiting === asked`, always.
 */
export interface DecisionsStatus {
  asked: number;
  answered: number;
  approved: string[];
  declined: string[];
  noReply: string[];
  waiting: number;
  /** Nothing more to wait for: no lender asked, or `complete`. */
  settled: boolean;
}

export function decisionsStatus(decisions: ApplicationDecisions | undefined): DecisionsStatus {
  const settled = !decisions || decisions.complete;
  const list = decisions?.decisions ?? [];
  const ids = (statuses: readonly string[]) =>
    list.filter((decision) => statuses.includes(decision.status)).map((d) => d.lenderId);
  const approved = ids(["approved"]);
  const declined = ids(["declined"]);
  const noReply = ids(settled ? ["failed", "waiting", "pending"] : ["failed"]);
  // A lender asked but missing from the list is still to answer (or, settled, did not).
  const asked = Math.max(decisions?.asked ?? 0, list.length);
  const missing = asked - list.length;
  const answered = approved.length + declined.length;
  return {
    asked,
    answered,
    approved,
    declined,
    noReply: settled && missing > 0 ? [...noReply, ...Array<string>(missing).fill("")] : noReply,
    waiting: settled ? 0 : asked - answered - noReply.length,
    settled,
  };
}
