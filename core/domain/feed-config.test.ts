import { describe, expect, it } from "vitest";
import { feedConfigName, feedConfigNamesOf, withRequiredOffers } from "./feed-config";

describe("feedConfigName", () => {
  it("is the lower-cased country code for most countries", () => {
    expect(feedConfigName("LK", "/")).toBe("lk");
    expect(feedConfigName("lk", "/en/loans/")).toBe("lk");
    expect(feedConfigName("Es", "/ru/")).toBe("es");
  });

  it("is kz_ru for Kazakhstan, whatever the path", () => {
    expect(feedConfigName("KZ", "/")).toBe("kz_ru");
    expect(feedConfigName("kz", "/kk/loans/")).toBe("kz_ru");
  });

  it("is ua_ru for Ukraine when the path contains /ru/", () => {
    expect(feedConfigName("UA", "/ru/")).toBe("ua_ru");
    expect(feedConfigName("ua", "/loans/ru/apply")).toBe("ua_ru");
  });

  it("is ua_ua for Ukraine on any other path", () => {
    expect(feedConfigName("UA", "/")).toBe("ua_ua");
    expect(feedConfigName("ua", "/ru")).toBe("ua_ua");
    expect(feedConfigName("UA", "/rus/")).toBe("ua_ua");
    expect(feedConfigName("UA", "")).toBe("ua_ua");
  });
});

describe("feedConfigNamesOf", () => {
  it("names one config per country, and Ukraine's two", () => {
    expect(feedConfigNamesOf("LK")).toEqual(["lk"]);
    expect(feedConfigNamesOf("KZ")).toEqual(["kz_ru"]);
    expect(feedConfigNamesOf("UA")).toEqual(["ua_ua", "ua_ru"]);
  });
});

describe("withRequiredOffers", () => {
  it("adds offer 67 for Spain when it is missing", () => {
    expect(withRequiredOffers("ES", [1, 2])).toEqual([1, 2, 67]);
    expect(withRequiredOffers("ES", [])).toEqual([67]);
  });

  it("matches the country case-insensitively", () => {
    expect(withRequiredOffers("es", [3])).toEqual([3, 67]);
    expect(withRequiredOffers("eS", [3])).toEqual([3, 67]);
  });

  it("does not add 67 twice for Spain", () => {
    expect(withRequiredOffers("ES", [67, 5])).toEqual([67, 5]);
  });

  it("leaves other countries unchanged", () => {
    expect(withRequiredOffers("LK", [1, 2])).toEqual([1, 2]);
    expect(withRequiredOffers("UA", [])).toEqual([]);
    expect(withRequiredOffers("constructor", [1])).toEqual([1]);
  });

  it("does not mutate the input and returns a new array", () => {
    const spain = Object.freeze([1, 2]);
    const result = withRequiredOffers("ES", spain);
    expect(spain).toEqual([1, 2]);
    expect(result).not.toBe(spain);

    const lanka = [1, 2];
    const copy = withRequiredOffers("LK", lanka);
    expect(copy).not.toBe(lanka);
    copy.push(3);
    expect(lanka).toEqual([1, 2]);
  });
});
