import { describe, expect, it } from "vitest";
import {
  conversionRates,
  daysOf,
  type PortalReport,
  portalStatsCsv,
  portalStatsCsvFilename,
  portalStatsQuerySchema,
  zeroCounts,
} from "./portal-stats";

const counts = { clicks: 6, leads: 3, approvals: 2, issued: 1, earnings: 1_200 };

function report(rows: PortalReport["rows"], grouping: PortalReport["grouping"]): PortalReport {
  const totals = { ...zeroCounts() };
  for (const row of rows) {
    for (const step of Object.keys(totals) as (keyof typeof totals)[]) totals[step] += row[step];
  }
  return {
    partnerId: "alpha-media",
    from: "2026-11-20",
    to: "2026-11-21",
    grouping,
    timeZone: "Asia/Colombo",
    currency: "LKR",
    rows,
    totals: { ...totals, rates: conversionRates(totals) },
  };
}

describe("the portal's figures", () => {
  it("give each step's share of the one before, or null when none reached it", () => {
    expect(conversionRates(counts)).toEqual({
      clickedOut: 2,
      approved: 2 / 6,
      issued: 0.5,
    });
    expect(conversionRates(zeroCounts())).toEqual({
      clickedOut: null,
      approved: null,
      issued: null,
    });
  });

  it("list every day of a range, across a month's end", () => {
    expect(daysOf("2026-11-29", "2026-12-02")).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
    expect(daysOf("2026-11-29", "2026-11-29")).toEqual(["2026-11-29"]);
  });

  it("write the rows and a total as CSV: BOM, CRLF, codes as headers, no formulas", () => {
    const csv = portalStatsCsv(
      report(
        [
          { key: "=cmd", ...counts, rates: conversionRates(counts) },
          { key: null, ...zeroCounts(), rates: conversionRates(zeroCounts()) },
        ],
        "sub1",
      ),
    );
    expect(csv).toBe(
      [
        "\uFEFFsub1,clicks,leads,approvals,issued,earnings_lkr,click_out_rate,approval_rate,issue_rate",
        "'=cmd,6,3,2,1,1200,2.0000,0.3333,0.5000",
        "(not set),0,0,0,0,0,,,",
        "(total),6,3,2,1,1200,2.0000,0.3333,0.5000",
        "",
      ].join("\r\n"),
    );
    const byDay = report([{ key: "2026-11-20", ...counts, rates: conversionRates(counts) }], "day");
    expect(portalStatsCsv(byDay).split("\r\n")[0]).toMatch(/^\uFEFFdate,clicks,/);
    expect(portalStatsCsvFilename(byDay)).toBe(
      "partner-alpha-media-day-2026-11-20-to-2026-11-21.csv",
    );
  });

  it("take a range as GET stats does, and a grouping", () => {
    expect(portalStatsQuerySchema.parse({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      by: "day",
    });
    expect(
      portalStatsQuerySchema.parse({ from: "2026-11-01", to: "2026-11-01", by: "sub8" }).by,
    ).toBe("sub8");
    for (const query of [
      { from: "2026-11-02", to: "2026-11-01" },
      { from: "2025-01-01", to: "2026-11-01" },
      { from: "2026-11-01", to: "2026-11-31" },
      { from: "2026-11-01", to: "2026-11-02", by: "partner" },
      { from: "2026-11-01", to: "2026-11-02", extra: "1" },
    ]) {
      expect(portalStatsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
