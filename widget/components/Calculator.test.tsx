import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatPercent, quoteLoan } from "../../core/domain/loan";
import { representativeTerms } from "../../core/domain/product";
import type { CalendarDate } from "../../core/helpers/dates";
import { formatDate } from "../../core/helpers/dates";
import { formatRupees } from "../../core/helpers/money";
import { Calculator } from "./Calculator";

const TODAY: CalendarDate = "2026-11-25";

/** The calculator's figures as rendered: data-figure name → text. */
function figures(amount: number, termDays: number, locale: "si" | "en" = "en") {
  const html = renderToStaticMarkup(
    <Calculator
      locale={locale}
      selection={{ amount, termDays }}
      today={TODAY}
      onSelectionChange={() => {}}
    />,
  );
  const shown = Object.fromEntries(
    [...html.matchAll(/<dd data-figure="([^"]+)">([^<]*)<\/dd>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
  const lead = /class="lw-lead"><dt>[^<]*<\/dt><dd data-figure="([^"]+)"/.exec(html)?.[1];
  const note = /<p class="lw-note">([^<]*)<\/p>/.exec(html)?.[1];
  return { shown, lead, note, html };
}

const quote = (amount: number, termDays: number) =>
  quoteLoan({ amount, termDays, terms: representativeTerms(termDays), startDate: TODAY });

describe("the calculator's figures", () => {
  it("shows 12 monthly instalments large, with interest, fees and total from core/domain/loan.ts", () => {
    const expected = quote(100_000, 360);
    expect(expected.repayments).toHaveLength(12);
    const { shown, lead } = figures(100_000, 360);
    expect(lead).toBe("instalment");
    expect(shown).toEqual({
      instalment: formatRupees(expected.repayments[0]?.amount ?? 0),
      amount: "Rs. 100,000",
      interest: formatRupees(expected.interest),
      fees: "Rs. 0",
      total: formatRupees(expected.total),
      apr: formatPercent(expected.apr),
      "return-date": formatDate(expected.returnDate),
    });
    // Rs. 100,000 at 30% a year over 12 months: Rs. 9,748.71 a month (2,500 / (1 − 1.025^−12)), so Rs. 16,985 of interest over the year.
    expect(shown.instalment).toBe("Rs. 9,749");
    expect(shown.interest).toBe("Rs. 16,985");
    expect(expected.interest + expected.fees + 100_000).toBe(expected.total);
  });

  it("leads with the total for one repayment, and has no instalment", () => {
    const expected = quote(50_000, 90);
    const { shown, lead } = figures(50_000, 90);
    expect(lead).toBe("total");
    expect(shown.instalment).toBeUndefined();
    expect(shown.total).toBe(formatRupees(expected.total));
    expect(shown.interest).toBe(formatRupees(expected.interest));
    expect(shown.fees).toBe("Rs. 0");
  });

  it("explains in one line why the APR is above the yearly rate, with both figures", () => {
    const { note } = figures(50_000, 90);
    const apr = formatPercent(quote(50_000, 90).apr);
    expect(apr).toBe("33.6%");
    expect(note).toBe(
      `Example at 30.0% a year interest, no fees. The APR, ${apr}, is higher: it is the yearly cost compounded, and would include any fees.`,
    );
    expect(figures(50_000, 90, "si").note).toContain(`APR (${apr})`);
  });

  it("says the period in days for one repayment and in months beyond", () => {
    expect(figures(50_000, 90).html).toContain("90 days (one repayment)");
    expect(figures(50_000, 270).html).toContain("9 months (monthly instalments)");
    expect(figures(50_000, 270, "si").html).toContain("මාස 9 (මාසික වාරිකවලින්)");
  });
});
