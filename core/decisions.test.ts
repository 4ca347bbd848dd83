import { describe, expect, it } from "vitest";
import { decisionsStreamUrl, decisionsUrl, isApplicationDecisions } from "./decisions";
import { approvedDecision, decisionsOf } from "./decisions.fixtures";

describe("the decisions' addresses", () => {
  it("are the application's offers and their stream", () => {
    expect(decisionsUrl("abc_-1")).toBe("/api/applications/abc_-1/offers");
    expect(decisionsStreamUrl("abc_-1")).toBe("/api/applications/abc_-1/offers/stream");
    expect(decisionsUrl("../x")).toBe("/api/applications/..%2Fx/offers");
  });
});

describe("isApplicationDecisions", () => {
  it("takes a snapshot of the contract", () => {
    const decisions = decisionsOf([
      approvedDecision("a", 1, 50_000, 91),
      { lenderId: "b", status: "failed" },
    ]);
    expect(isApplicationDecisions(decisions)).toBe(true);
    expect(isApplicationDecisions(JSON.parse(JSON.stringify(decisions)))).toBe(true);
  });

  it.each([
    ["nothing", null],
    ["a list", []],
    ["a count that is not whole", { ...decisionsOf([]), asked: 1.5 }],
    ["no deadline", { ...decisionsOf([]), deadline: undefined }],
    ["an unknown status", decisionsOf([{ lenderId: "a", status: "maybe" as "waiting" }])],
    [
      "an approval without terms",
      decisionsOf([
        {
          lenderId: "a",
          status: "approved",
          offer: { offerId: 1, amount: 1, termDays: 1, expiresAt: "x" } as never,
        },
      ]),
    ],
  ])("refuses %s", (_what, value) => {
    expect(isApplicationDecisions(value)).toBe(false);
  });
});
