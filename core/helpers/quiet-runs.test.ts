import { describe, expect, it } from "vitest";
import { foldQuietRuns } from "./quiet-runs";

describe("foldQuietRuns", () => {
  const quiet = (n: number) => n === 0;

  it("folds runs of two quiet items or more, keeps a lone one and the order", () => {
    expect(foldQuietRuns([0, 0, 0, 4, 0, 5, 0, 0], quiet)).toEqual([
      { kind: "quiet", first: 0, last: 0, count: 3 },
      { kind: "item", item: 4 },
      { kind: "item", item: 0 },
      { kind: "item", item: 5 },
      { kind: "quiet", first: 0, last: 0, count: 2 },
    ]);
  });

  it("names a run's first and last items", () => {
    const days = ["a", "b", "c"].map((day) => ({ day, n: 0 }));
    expect(foldQuietRuns(days, (day) => day.n === 0)).toEqual([
      { kind: "quiet", first: days[0], last: days[2], count: 3 },
    ]);
    expect(foldQuietRuns([], quiet)).toEqual([]);
  });
});
