import { describe, expect, it } from "vitest";
import {
  ELIGIBILITY_QUESTIONS,
  eligibilityOutcome,
  meetsAllRequirements,
  ruledOutBy,
} from "./eligibility";

const all = { over: true, citizen: true, validIdentity: true, validBank: true };

describe("eligibility", () => {
  it("has the four questions of the spec, and no score", () => {
    expect(ELIGIBILITY_QUESTIONS).toEqual(["over", "citizen", "validIdentity", "validBank"]);
  });

  it("passes on four yes, fails on any no, and is open until then", () => {
    expect(eligibilityOutcome({})).toBe("open");
    expect(eligibilityOutcome({ over: true, citizen: true, validIdentity: true })).toBe("open");
    expect(eligibilityOutcome(all)).toBe("pass");
    expect(meetsAllRequirements(all)).toBe(true);
    // One "no" is enough to say so, before the other questions are answered.
    expect(eligibilityOutcome({ validBank: false })).toBe("fail");
    expect(eligibilityOutcome({ ...all, citizen: false })).toBe("fail");
    expect(meetsAllRequirements({ ...all, citizen: false })).toBe(false);
  });

  it("names every answer that rules applying out, in the questions' order", () => {
    expect(ruledOutBy(all)).toEqual([]);
    expect(ruledOutBy({ validBank: false, over: false, citizen: true })).toEqual([
      "over",
      "validBank",
    ]);
  });
});
