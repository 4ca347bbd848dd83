import { describe, expect, it } from "vitest";
import { refererWithoutQuery } from "./events";

describe("refererWithoutQuery", () => {
  it("keeps origin and path and drops the query and fragment", () => {
    expect(refererWithoutQuery("https://partner.lk/loans/?email=a%40b.lk#top")).toBe(
      "https://partner.lk/loans/",
    );
  });

  it("stores nothing for a missing, malformed or non-web referer", () => {
    expect(refererWithoutQuery(undefined)).toBeNull();
    expect(refererWithoutQuery("not a url")).toBeNull();
    expect(refererWithoutQuery("javascript:alert(1)")).toBeNull();
  });
});
