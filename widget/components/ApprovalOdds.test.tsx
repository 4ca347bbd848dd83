import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ALL_LOCALES } from "../../core/locale";
import { ApprovalOdds } from "./ApprovalOdds";

const odds = { inTen: 7, likelihood: "likely", basis: 1214 } as const;

describe("ApprovalOdds", () => {
  it("says words and number, the basis and that it is no promise, linking the method", () => {
    const html = renderToStaticMarkup(
      <ApprovalOdds locale="en" odds={odds} scope="like-you" assetBase="https://x.example" />,
    );
    expect(html).toContain("Likely: 7 in 10 applicants like you were pre-approved.");
    expect(html).toContain("Based on 1,214 applications in the last 90 days.");
    expect(html).toContain("Not a promise");
    expect(html).toContain('href="https://x.example/en/approval-odds/"');
  });

  it("speaks of all applicants on a lender's own page", () => {
    const html = renderToStaticMarkup(
      <ApprovalOdds
        locale="en"
        odds={{ inTen: 3, likelihood: "unlikely", basis: 30 }}
        scope="all"
        assetBase=""
      />,
    );
    expect(html).toContain("Unlikely: 3 in 10 applicants were pre-approved.");
    expect(html).not.toContain("like you");
  });

  it.each(ALL_LOCALES)("fills every placeholder in %s", (locale) => {
    const html = renderToStaticMarkup(
      <ApprovalOdds locale={locale} odds={odds} scope="like-you" assetBase="" />,
    );
    expect(html).not.toMatch(/\{\w+\}/);
    expect(html).toContain("1,214");
    expect(html).toContain("90");
  });
});
