import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DecisionStatus, LenderDecision } from "../../../core/domain/decisions";
import { approvedDecision, decisionsOf } from "../../../core/domain/decisions.fixtures";
import { DecisionsProgress } from "./DecisionsProgress";
import { decisionsStatus } from "./decisions-status";

const of = (...statuses: DecisionStatus[]): LenderDecision[] =>
  statuses.map((status, index) =>
    status === "approved"
      ? approvedDecision(`l${index}`, 900 + index, 50_000, 90)
      : { lenderId: `l${index}`, status },
  );

/** The status line as the page renders it, in English. */
const line = (decisions: LenderDecision[], complete: boolean) =>
  renderToStaticMarkup(
    <DecisionsProgress
      locale="en"
      status={decisionsStatus(decisionsOf(decisions, { complete }))}
    />,
  )
    .replace(/<[^>]+>/g, "")
    .trim();

describe("decisionsStatus: the one count of the status line and the summary (0361)", () => {
  it("adds up: answered, no reply and waiting make the lenders asked", () => {
    for (const decisions of [
      of("approved", "declined", "failed", "waiting", "pending"),
      of(),
      of("waiting", "waiting"),
    ]) {
      for (const complete of [false, true]) {
        const status = decisionsStatus(decisionsOf(decisions, { complete }));
        expect(status.answered + status.noReply.length + status.waiting).toBe(status.asked);
      }
    }
  });

  it("all answered", () => {
    const decisions = of("approved", "declined", "approved");
    expect(decisionsStatus(decisionsOf(decisions, { complete: true }))).toMatchObject({
      asked: 3,
      answered: 3,
      noReply: [],
      waiting: 0,
      approved: ["l0", "l2"],
      declined: ["l1"],
    });
    expect(line(decisions, true)).toBe("3 of 3 lenders answered.");
  });

  it("none answered: every lender timed out", () => {
    const decisions = of("waiting", "pending", "failed");
    const status = decisionsStatus(decisionsOf(decisions, { complete: true }));
    expect(status).toMatchObject({ answered: 0, noReply: ["l0", "l1", "l2"], waiting: 0 });
    expect(line(decisions, true)).toBe("0 of 3 lenders answered; 3 did not reply in time.");
  });

  it("some timed out: never 'n of n answered' above 'did not answer'", () => {
    const decisions = of("approved", "approved", "declined", "failed", "waiting", "pending");
    expect(line(decisions, true)).toBe("3 of 6 lenders answered; 3 did not reply in time.");
  });

  it("some declined: a no is an answer", () => {
    expect(line(of("declined", "declined", "approved"), true)).toBe("3 of 3 lenders answered.");
  });

  it("some failed while others still decide: counted at once, the bar moves for them", () => {
    const decisions = of("approved", "failed", "waiting");
    expect(decisionsStatus(decisionsOf(decisions))).toMatchObject({
      answered: 1,
      noReply: ["l1"],
      waiting: 1,
      settled: false,
    });
    expect(line(decisions, false)).toBe(
      "Asking 3 lenders for their decisions… 1 of 3 answered so far; 1 did not reply.",
    );
  });

  it("live updates while streaming: each snapshot's line follows its decisions", () => {
    const snapshots: [LenderDecision[], boolean, string][] = [
      [of("waiting", "waiting", "waiting"), false, "0 of 3 answered so far."],
      [of("approved", "waiting", "pending"), false, "1 of 3 answered so far."],
      [of("approved", "declined", "pending"), false, "2 of 3 answered so far."],
      [of("approved", "declined", "pending"), true, "2 of 3 lenders answered; 1 did not reply"],
    ];
    for (const [decisions, complete, expected] of snapshots) {
      expect(line(decisions, complete)).toContain(expected);
    }
  });

  it("no lender asked: settled, nothing to count", () => {
    expect(decisionsStatus(undefined)).toMatchObject({ asked: 0, answered: 0, settled: true });
  });

  it("a lender asked but missing from the list waits, then did not reply", () => {
    const decisions = { ...decisionsOf(of("approved")), asked: 2 };
    expect(decisionsStatus(decisions)).toMatchObject({ answered: 1, waiting: 1 });
    expect(decisionsStatus({ ...decisions, complete: true }).noReply).toHaveLength(1);
  });
});
