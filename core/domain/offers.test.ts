import { describe, expect, it } from "vitest";
import {
  approvalValue,
  type DecoratedOffer,
  decorateOffers,
  lenderName,
  productName,
} from "./offers";
import type { Offer } from "./schemas/offer";

/** A valid offer with a lender link; tests override what they are about. */
function offer(offerId: number, overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: offerId,
    header: `Lender ${String(offerId).padStart(3, "0")}`,
    tags: ["fast", "online", "no fee"],
    lender_link: `https://lender${offerId}.example/apply`,
    lender: { name: `Lender ${offerId}`, logo: "/lenders/sample.svg", sample: true },
    amount: { min: 5_000, max: 100_000 },
    termDays: { min: 30, max: 365 },
    terms: { annualInterestRate: 0.36, feeFixed: 0, feePercent: 0, repayment: "monthly" },
    criteria: { minAge: 18, maxAge: 65, minMonthlyIncome: 30_000, employment: ["salaried"] },
    ...overrides,
  };
}

function withoutLink(offerId: number, overrides: Partial<Offer> = {}): Offer {
  const { lender_link: _dropped, ...rest } = offer(offerId, overrides);
  return rest;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const ids = (list: DecoratedOffer[]) => list.map((item) => item.offer_id);
const headers = (list: DecoratedOffer[]) => list.map((item) => item.header);

describe("approvalValue", () => {
  it("is 97 minus half the index, rounded down, below 15", () => {
    expect(approvalValue(0)).toBe(97);
    expect(approvalValue(1)).toBe(97);
    expect(approvalValue(2)).toBe(96);
    expect(approvalValue(13)).toBe(91);
    expect(approvalValue(14)).toBe(90);
  });

  it("is 97 minus (index − 8) from 15 to 24", () => {
    expect(approvalValue(15)).toBe(90);
    expect(approvalValue(16)).toBe(89);
    expect(approvalValue(24)).toBe(81);
  });

  it("is 80 from 25", () => {
    expect(approvalValue(25)).toBe(80);
    expect(approvalValue(26)).toBe(80);
    expect(approvalValue(1_000)).toBe(80);
  });

  it("never rises along the list", () => {
    for (let index = 1; index < 40; index++) {
      expect(approvalValue(index)).toBeLessThanOrEqual(approvalValue(index - 1));
    }
  });

  it("refuses what is not a position", () => {
    expect(() => approvalValue(-1)).toThrow(RangeError);
    expect(() => approvalValue(1.5)).toThrow(RangeError);
    expect(() => approvalValue(Number.NaN)).toThrow(RangeError);
  });
});

describe("decorateOffers: filtering", () => {
  it("removes offers of product_type domainactive, even active ones", () => {
    const result = decorateOffers(
      [offer(1, { product_type: "domainactive" }), offer(2, { product_type: "loan" }), offer(3)],
      [1, 2],
      "seed",
    );
    expect(ids(result)).toEqual([2, 3]);
  });

  it("keeps active offers without a lender_link and drops inactive ones without it", () => {
    const result = decorateOffers([withoutLink(1), withoutLink(2), offer(3)], [1], "seed");
    expect(ids(result)).toEqual([1, 3]);
    expect(result.map((item) => item.isActive)).toEqual([true, false]);
  });

  it("returns an empty list for no offers", () => {
    expect(decorateOffers([], [1, 2], "seed")).toEqual([]);
  });
});

describe("decorateOffers: isActive", () => {
  it("is true exactly for offers among the active ids", () => {
    const result = decorateOffers([offer(1), offer(2), offer(3)], [2, 99], "seed");
    expect(result.find((item) => item.offer_id === 2)?.isActive).toBe(true);
    expect(result.filter((item) => item.isActive)).toHaveLength(1);
  });

  it("accepts a Set as well as an array", () => {
    const offers = [offer(1), offer(2), offer(3)];
    expect(decorateOffers(offers, new Set([3]), "seed")).toEqual(
      decorateOffers(offers, [3], "seed"),
    );
  });
});

describe("decorateOffers: order", () => {
  it("puts active offers first, then the others, each sorted by header", () => {
    const result = decorateOffers(
      [
        offer(1, { header: "Delta" }),
        offer(2, { header: "Bravo" }),
        offer(3, { header: "Echo" }),
        offer(4, { header: "Alpha" }),
        offer(5, { header: "Charlie" }),
      ],
      [3, 5],
      "seed",
    );
    expect(headers(result)).toEqual(["Charlie", "Echo", "Alpha", "Bravo", "Delta"]);
  });

  it("sorts case-insensitively by code point, whatever the runtime locale", () => {
    const result = decorateOffers(
      [
        offer(1, { header: "beta" }),
        offer(2, { header: "Zeta" }),
        offer(3, { header: "Éclair" }),
        offer(4, { header: "alpha" }),
        offer(5, { header: "Omega" }),
      ],
      [],
      "seed",
    );
    // "é" (U+00E9) comes after every ASCII letter by code point.
    expect(headers(result)).toEqual(["alpha", "beta", "Omega", "Zeta", "Éclair"]);
  });

  it("orders characters beyond the BMP by code point, not by UTF-16 unit", () => {
    // U+1F600 is stored as the surrogate 0xD83D, below U+FF21; by code point it is above.
    const result = decorateOffers(
      [offer(1, { header: "A😀" }), offer(2, { header: "A\uff21" })],
      [],
      "seed",
    );
    expect(headers(result)).toEqual(["A\uff21", "A😀"]);
  });

  it("breaks ties of case-insensitive headers by exact header, then offer_id", () => {
    const result = decorateOffers(
      [offer(9, { header: "acme" }), offer(8, { header: "ACME" }), offer(7, { header: "Acme" })],
      [],
      "seed",
    );
    expect(headers(result)).toEqual(["ACME", "Acme", "acme"]);
  });

  it("does not depend on the input order", () => {
    const offers = [
      offer(1, { header: "Delta" }),
      offer(2, { header: "Bravo" }),
      offer(3, { header: "Alpha" }),
      offer(4, { header: "Charlie" }),
    ];
    const forward = decorateOffers(offers, [4], "seed");
    const backward = decorateOffers(offers.toReversed(), [4], "seed");
    expect(backward).toEqual(forward);
  });
});

describe("decorateOffers: duplicates", () => {
  it("keeps the first offer of a header after sorting, so an active one wins", () => {
    const result = decorateOffers(
      [offer(1, { header: "Same" }), offer(2, { header: "Same" }), offer(3, { header: "Other" })],
      [2],
      "seed",
    );
    expect(ids(result)).toEqual([2, 3]);
  });

  it("keeps the lower offer_id when both duplicates are in the same group", () => {
    const result = decorateOffers(
      [offer(5, { header: "Same" }), offer(4, { header: "Same" })],
      [],
      "seed",
    );
    expect(ids(result)).toEqual([4]);
  });

  it("treats headers that differ in case as different offers", () => {
    const result = decorateOffers(
      [offer(1, { header: "Same" }), offer(2, { header: "same" })],
      [],
      "seed",
    );
    expect(ids(result)).toEqual([1, 2]);
  });

  it("does not let a dropped offer take a position", () => {
    const result = decorateOffers(
      [
        offer(1, { header: "A" }),
        offer(2, { header: "A" }),
        offer(3, { header: "B", field4_value: "{val}%" }),
      ],
      [],
      "seed",
    );
    expect(result[1]?.field4_value).toBe(`${approvalValue(1)}%`);
  });
});

describe("decorateOffers: stars", () => {
  it("keeps stars the offer has, including zero", () => {
    const result = decorateOffers([offer(1, { stars: 3.2 }), offer(2, { stars: 0 })], [], "seed");
    expect(result.map((item) => item.stars)).toEqual([3.2, 0]);
  });

  it("draws 4.7, 4.8, 4.9 or 5.0 when absent, and each of them for some offer", () => {
    const offers = Array.from({ length: 200 }, (_, index) => offer(index + 1));
    const stars = new Set(decorateOffers(offers, [], "seed").map((item) => item.stars));
    expect([...stars].sort()).toEqual([4.7, 4.8, 4.9, 5]);
  });

  it("gives an offer the same stars whatever the other offers are", () => {
    const alone = decorateOffers([offer(42)], [], "seed")[0]?.stars;
    const among = decorateOffers([offer(1), offer(42), offer(99)], [1], "seed").find(
      (item) => item.offer_id === 42,
    )?.stars;
    expect(among).toBe(alone);
  });

  it("may give different stars for a different seed", () => {
    const offers = Array.from({ length: 20 }, (_, index) => offer(index + 1));
    const starsFor = (seed: string) => decorateOffers(offers, [], seed).map((item) => item.stars);
    expect(starsFor("one")).toEqual(starsFor("one"));
    expect(starsFor("one")).not.toEqual(starsFor("two"));
  });
});

describe("decorateOffers: {time}", () => {
  it("replaces every occurrence in field2_value by one number from 3 to 10", () => {
    const result = decorateOffers(
      [offer(1, { field2_value: "{time} min, really {time} min" })],
      [],
      "seed",
    );
    const match = result[0]?.field2_value?.match(/^(\d+) min, really (\d+) min$/);
    expect(match).not.toBeNull();
    const minutes = Number(match?.[1]);
    expect(match?.[2]).toBe(match?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(3);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it("covers 3 to 10 across offers and is stable for an offer", () => {
    const offers = Array.from({ length: 200 }, (_, index) =>
      offer(index + 1, { field2_value: "{time}" }),
    );
    const first = decorateOffers(offers, [], "seed").map((item) => Number(item.field2_value));
    const second = decorateOffers(offers, [], "seed").map((item) => Number(item.field2_value));
    expect(second).toEqual(first);
    expect([...new Set(first)].sort((left, right) => left - right)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it("leaves field2_value without a placeholder, and its absence, as they are", () => {
    const result = decorateOffers([offer(1, { field2_value: "Same day" }), offer(2)], [], "seed");
    expect(result[0]?.field2_value).toBe("Same day");
    expect(result[1]).not.toHaveProperty("field2_value");
  });

  it("does not touch {val} in field2_value or {time} in field4_value", () => {
    const result = decorateOffers(
      [offer(1, { field2_value: "{val}", field4_value: "{time}" })],
      [],
      "seed",
    );
    expect(result[0]?.field2_value).toBe("{val}");
    expect(result[0]?.field4_value).toBe("{time}");
  });
});

describe("decorateOffers: {val}", () => {
  it("replaces every occurrence in field4_value by the value of the final position", () => {
    const offers = Array.from({ length: 30 }, (_, index) =>
      offer(index + 1, { field4_value: "{val}% approved ({val}%)" }),
    );
    const result = decorateOffers(offers, [], "seed");
    result.forEach((item, index) => {
      const value = approvalValue(index);
      expect(item.field4_value).toBe(`${value}% approved (${value}%)`);
    });
    const values = result.map((item) => Number.parseInt(item.field4_value ?? "", 10));
    expect(values[0]).toBe(97);
    expect(values[13]).toBe(91);
    expect(values[14]).toBe(90);
    expect(values[15]).toBe(90);
    expect(values[24]).toBe(81);
    expect(values[25]).toBe(80);
    expect(values[29]).toBe(80);
  });

  it("counts positions after sorting, active offers first", () => {
    const result = decorateOffers(
      [
        offer(1, { header: "Alpha", field4_value: "{val}" }),
        offer(2, { header: "Zulu", field4_value: "{val}" }),
        offer(3, { header: "Mike", field4_value: "{val}" }),
      ],
      [2],
      "seed",
    );
    expect(result.map((item) => [item.header, item.field4_value])).toEqual([
      ["Zulu", "97"],
      ["Alpha", "97"],
      ["Mike", "96"],
    ]);
  });

  it("leaves an absent field4_value absent", () => {
    expect(decorateOffers([offer(1)], [], "seed")[0]).not.toHaveProperty("field4_value");
  });
});

describe("decorateOffers: tags", () => {
  it("keeps only the first 2 tags of the offer headed Tomamos impulso", () => {
    const result = decorateOffers(
      [offer(1, { header: "Tomamos impulso", tags: ["one", "two", "three", "four"] })],
      [],
      "seed",
    );
    expect(result[0]?.tags).toEqual(["one", "two"]);
  });

  it("keeps all tags of other offers, including near matches of that header", () => {
    const tags = ["one", "two", "three"];
    const result = decorateOffers(
      [
        offer(1, { header: "Other", tags }),
        offer(2, { header: "tomamos impulso", tags }),
        offer(3, { header: "Tomamos impulso ", tags }),
      ],
      [],
      "seed",
    );
    for (const item of result) expect(item.tags).toEqual(tags);
  });

  it("keeps fewer than 2 tags as they are", () => {
    const result = decorateOffers(
      [offer(1, { header: "Tomamos impulso", tags: ["only"] })],
      [],
      "seed",
    );
    expect(result[0]?.tags).toEqual(["only"]);
  });
});

describe("decorateOffers: asnef_value", () => {
  it("defaults to true and keeps a given value", () => {
    const result = decorateOffers(
      [
        offer(1, { header: "A" }),
        offer(2, { header: "B", asnef_value: false }),
        offer(3, { header: "C", asnef_value: true }),
      ],
      [],
      "seed",
    );
    expect(result.map((item) => item.asnef_value)).toEqual([true, false, true]);
  });
});

describe("decorateOffers: as a whole", () => {
  const catalogue: Offer[] = [
    offer(10, { header: "Zebra Loans", field4_value: "{val}%", stars: 4.1 }),
    offer(11, { header: "Tomamos impulso", tags: ["a", "b", "c"], field2_value: "{time} min" }),
    offer(12, { header: "Domain", product_type: "domainactive" }),
    withoutLink(13, { header: "No Link" }),
    withoutLink(14, { header: "Active No Link", asnef_value: false, field4_value: "{val}" }),
    offer(15, { header: "Zebra Loans", field4_value: "{val}%" }),
    offer(16, { header: "Mango", field4_value: "{val}%" }),
  ];

  it("applies every rule in the documented order", () => {
    const result = decorateOffers(catalogue, [14, 15, 12], "combined");
    expect(ids(result)).toEqual([14, 15, 16, 11]);
    expect(result.map((item) => item.isActive)).toEqual([true, true, false, false]);
    expect(result.map((item) => item.field4_value)).toEqual(["97", "97%", "96%", undefined]);
    expect(result.map((item) => item.asnef_value)).toEqual([false, true, true, true]);
    expect(result[3]?.tags).toEqual(["a", "b"]);
    expect(result[3]?.field2_value).toMatch(/^([3-9]|10) min$/);
    for (const item of result) expect([4.7, 4.8, 4.9, 5]).toContain(item.stars);
  });

  it("gives the same output for the same seed", () => {
    expect(decorateOffers(catalogue, [14, 15], "same")).toEqual(
      decorateOffers(catalogue, [14, 15], "same"),
    );
  });

  it("does not mutate its input", () => {
    const frozen = deepFreeze(structuredClone(catalogue));
    const activeIds = deepFreeze([14, 15]);
    const before = structuredClone(frozen);
    const result = decorateOffers(frozen, activeIds, "seed");
    expect(frozen).toEqual(before);
    expect(activeIds).toEqual([14, 15]);
    const tomamos = result.find((item) => item.offer_id === 11);
    expect(tomamos?.tags).not.toBe(frozen[1]?.tags);
    expect(result[0]).not.toBe(frozen[4]);
  });
});

describe("names in the page's language (issue 17, 32)", () => {
  const named = offer(7, {
    header: "Salary Advance 90",
    headers: { en: "Salary Advance 90", si: "වැටුප් අත්තිකාරම් 90" },
  });

  it("gives the product's name in the language the lender gave it", () => {
    expect(productName(named, "si")).toEqual({ text: "වැටුප් අත්තිකාරම් 90", lang: "si" });
    expect(productName(named, "en")).toEqual({ text: "Salary Advance 90", lang: "en" });
  });

  it("gives the English name, marked English, when there is none in the page's language", () => {
    expect(productName(named, "ta")).toEqual({ text: "Salary Advance 90", lang: "en" });
  });

  it("falls back to the header, in the language its script says, and the lender's name", () => {
    const plain = offer(8, { header: "Plain Loan" });
    expect(productName(plain, "si")).toEqual({ text: "Plain Loan", lang: "en" });
    expect(productName(offer(9, { header: "ரொக்கக் கடன்" }), "si")).toEqual({
      text: "ரொக்கக் கடன்",
      lang: "ta",
    });
    expect(productName(offer(10, { header: "ණය 30" }), "ta")).toEqual({
      text: "ණය 30",
      lang: "si",
    });
    expect(lenderName(plain, "si")).toBe(plain.lender.name);
  });
});
