import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { licensedOffer } from "../../core/domain/decisions.fixtures";
import type { Offer } from "../../core/domain/schemas/offer";
import { ALL_LOCALES, type Locale } from "../../core/locale";
import { ClickoutPage } from "./ClickoutPage";

/** Issue 32: the click-out page's words, in each language, for a licensed lender. */
const offer: Offer = {
  ...licensedOffer,
  headers: { en: "Lanka Trust Personal Loan", si: "ලංකා ට්‍රස්ට් පුද්ගලික ණය" },
};
const lenderUrl = "https://lanka-trust.example/apply?click_id=abc&sub1=x";

function page(locale: Locale, shown: Offer = offer) {
  return renderToStaticMarkup(
    <ClickoutPage view={{ locale, offer: shown, lenderUrl, backPath: "/en/offers/" }} />,
  );
}

describe("the click-out page", () => {
  it("names the lender with its licence as the offer cards do, and leads to it in a new tab", () => {
    const html = page("en");
    expect(html).toContain("<h1>You are going to Lanka Trust Finance</h1>");
    expect(html).toContain("CBSL: licensed finance company, no. LFC-042");
    expect(html).toContain(
      `<a class="button" href="${lenderUrl.replace("&", "&amp;")}" target="_blank" rel="noopener noreferrer">`,
    );
    expect(html).toContain("Monthly income from Rs. 1,000,000");
  });

  it("names the product in the page's language, else in the lender's words marked with their language", () => {
    expect(page("si")).toContain("<strong>ලංකා ට්‍රස්ට් පුද්ගලික ණය</strong>");
    // No Tamil name: the English one, marked English for a screen reader.
    expect(page("ta")).toContain('<strong lang="en">Lanka Trust Personal Loan</strong>');
    const plain = page("si", { ...licensedOffer, headers: undefined });
    expect(plain).toContain('<strong lang="en">Lanka Trust Personal Loan</strong>');
  });

  it("says what happens next in each language, every part filled", () => {
    for (const locale of ALL_LOCALES) {
      const html = page(locale);
      expect(html, locale).not.toMatch(/\{[a-z]+\}/);
      expect(html, locale).toContain('href="/en/offers/"');
    }
  });
});
