import { describe, expect, it } from "vitest";
import { applicationUrl } from "./apply-link";

describe("applicationUrl", () => {
  it("prefills amount and period and keeps the partner's attribution", () => {
    expect(
      applicationUrl({
        apiBase: "https://nayacompare.lk",
        locale: "en",
        selection: { amount: 75_000, termDays: 91 },
        attribution: { partner: "p-42", sub1: "banner", sub3: "" },
        offerId: 101,
      }),
    ).toBe(
      "https://nayacompare.lk/en/application/?amount=75000&period=91&offer=101&partner=p-42&sub1=banner",
    );
  });

  it("names the widget's page by its host name only, after the partner's values", () => {
    expect(
      applicationUrl({
        apiBase: "https://nayacompare.lk",
        locale: "si",
        selection: { amount: 50_000, termDays: 90 },
        attribution: { partner: "pk_test" },
        from: "blog.example.lk",
      }),
    ).toBe(
      "https://nayacompare.lk/application/?amount=50000&period=90&partner=pk_test&widget_domain=blog.example.lk",
    );
  });

  it("points Sinhala visitors at the root form and escapes values", () => {
    expect(
      applicationUrl({
        apiBase: "",
        locale: "si",
        selection: { amount: 5_000, termDays: 61 },
        attribution: { sub2: "a&b=c" },
      }),
    ).toBe("/application/?amount=5000&period=61&sub2=a%26b%3Dc");
  });

  it("carries a loan purpose, for the site's purpose tiles", () => {
    expect(
      applicationUrl({
        apiBase: "",
        locale: "en",
        selection: { amount: 50_000, termDays: 91 },
        purpose: "medical",
      }),
    ).toBe("/en/application/?amount=50000&period=91&purpose=medical");
  });
});
