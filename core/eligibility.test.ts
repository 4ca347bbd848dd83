import { describe, expect, it } from "vitest";
import {
  allAnswered,
  approvalPercent,
  ELIGIBILITY_QUESTIONS,
  meetsAllRequirements,
} from "./eligibility";

describe("eligibility", () => {
  it("has the four questions of the spec with their percents", () => {
    expect(ELIGIBILITY_QUESTIONS.map((q) => [q.name, q.percent])).toEqual([
      ["over", 20],
      ["citizen", 35],
      ["validIdentity", 15],
      ["validBank", 28],
    ]);
  });

  it("adds the percents of the questions answered yes", () => {
    expect(approvalPercent({})).toBe(0);
    expect(approvalPercent({ over: true })).toBe(20);
    expect(approvalPercent({ over: true, citizen: true, validIdentity: false })).toBe(55);
    expect(
      approvalPercent({ over: true, citizen: true, validIdentity: true, validBank: true }),
    ).toBe(98);
  });

  it("knows when every question is answered and every requirement met", () => {
    expect(allAnswered({ over: true, citizen: false, validIdentity: true })).toBe(false);
    const all = { over: true, citizen: true, validIdentity: true, validBank: true };
    expect(allAnswered(all)).toBe(true);
    expect(meetsAllRequirements(all)).toBe(true);
    expect(meetsAllRequirements({ ...all, citizen: false })).toBe(false);
  });
});
