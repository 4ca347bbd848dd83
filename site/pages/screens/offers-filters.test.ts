import { describe, expect, it } from "vitest";
import { fill } from "../../../core/messages";
import { groupTitle } from "./offer-groups";
import { compareIdsOf, filtersOf, isFiltered, NO_FILTERS, offersQuery } from "./offers-filters";

describe("the offers page's addresses (decision 0362)", () => {
  it("reads the filters, anything else being no filter", () => {
    expect(filtersOf({ repay: "monthly", term: "91" })).toEqual({ repay: "monthly", term: 91 });
    expect(filtersOf({ repay: "once" })).toEqual({ repay: "once", term: undefined });
    expect(filtersOf({ repay: "weekly", term: "0" })).toEqual(NO_FILTERS);
    expect(filtersOf({ term: "-5" })).toEqual(NO_FILTERS);
    expect(filtersOf({ term: "1e3" })).toEqual(NO_FILTERS);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ repay: "any", term: 30 })).toBe(true);
  });

  it("reads the offers to compare, comma-separated or repeated, without repeats or nonsense", () => {
    expect(compareIdsOf({ compare: "12,7,12,x,0,-3" })).toEqual([12, 7]);
    expect(compareIdsOf({})).toEqual([]);
    expect(compareIdsOf({ compare: "3,5,9" })).toEqual([3, 5, 9]);
  });

  it("writes the address back: the order, the filters, all, the compared ids", () => {
    expect(offersQuery({ sort: "total", filters: NO_FILTERS })).toBe("?sort=total");
    expect(
      offersQuery({
        sort: "apr",
        filters: { repay: "once", term: 91 },
        all: true,
        compare: [4, 5],
      }),
    ).toBe("?sort=apr&repay=once&term=91&all=1&compare=4%2C5");
  });
});

describe("a group's title says what it shows (decision 0361)", () => {
  const words = ["1 offer", "{count} offers", "Top {shown} of {count} offers"] as const;
  it("all of it, or the top few of how many", () => {
    expect(groupTitle(fill, 1, 1, words)).toBe("1 offer");
    expect(groupTitle(fill, 6, 6, words)).toBe("6 offers");
    expect(groupTitle(fill, 6, 3, words)).toBe("Top 3 of 6 offers");
    expect(groupTitle(fill, 2, 1, words)).toBe("Top 1 of 2 offers");
  });
});
