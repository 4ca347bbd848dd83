import { describe, expect, it } from "vitest";
import type { BackOfficeView, BackOfficeViewer } from "../../core/back-office";
import { colomboTime } from "./format";
import { renderBackOfficeDocument } from "./render";

const viewer: BackOfficeViewer = {
  email: "mod@nayacompare.lk",
  role: "moderator",
  csrf: "csrf-token-of-the-session",
  sections: ["home", "moderation", "account"],
};
const XSS = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;

const views: BackOfficeView[] = [
  { page: "sign-in", email: XSS, problem: "mismatch" },
  { page: "sign-in-code", csrf: "c", problem: "wrong", triesLeft: 3 },
  { page: "enrol", email: "new@nayacompare.lk", token: "t".repeat(43), problem: "common" },
  { page: "enrol-invalid" },
  {
    page: "two-factor",
    required: true,
    state: { enrolled: false, secret: "ABCD EFGH", qr: ["101", "010", "101"] },
  },
  { page: "recovery-codes", codes: ["7k2mq-9xd4r"] },
  { page: "home", pending: 3, twoFactor: false },
  {
    page: "moderation",
    query: XSS,
    pending: [
      {
        kind: "comment",
        id: "c1",
        name: XSS,
        text: XSS,
        slug: "an-article",
        status: "pending",
        createdAt: "2026-11-21T06:00:00.000Z",
      },
    ],
    published: [],
    erasures: [
      { createdAt: "2026-11-21T06:00:00.000Z", byEmail: true, byPhone: false, erasedRecords: 2 },
    ],
    done: { action: "approve", count: 2 },
  },
  {
    page: "funnel",
    report: {
      from: "2026-11-01",
      to: "2026-11-01",
      totals: { key: [], counts: [3, null, 1, 1, 0, 0, 0, 0, 0], payoutRupees: 0 },
      daily: [{ key: ["2026-11-01"], counts: [3, null, 1, 1, 0, 0, 0, 0, 0], payoutRupees: 0 }],
      breakdowns: {
        lender: [],
        partner: [
          { key: ["p1"], label: XSS, counts: [3, null, 1, 1, 0, 0, 0, 0, 0], payoutRupees: 0 },
        ],
        source: [],
        sub1: [],
        locale: [],
        device: [],
      },
    },
  },
  { page: "forbidden" },
];

describe("back-office pages", () => {
  for (const view of views) {
    it(`render ${view.page} as a whole document without any script`, () => {
      const html = renderBackOfficeDocument(
        view,
        view.page.startsWith("sign-in") ? undefined : viewer,
      );
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      // The funnel's one script is its charts, our own file (decision 0162); no other page has one.
      const scripts = html.match(/<script[^>]*>/gi) ?? [];
      expect(scripts).toEqual(
        view.page === "funnel" ? ['<script src="/admin/funnel/chart.js" defer="">'] : [],
      );
      expect(html).not.toContain("<img src=x");
      expect(html.match(/<h1>/g)).toHaveLength(1);
    });
  }

  it("show what visitors wrote as text, and mark the current section", () => {
    const html = renderBackOfficeDocument(views[7] as BackOfficeView, viewer);
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain('<a href="/admin/moderation/" aria-current="page">Moderation</a>');
    expect(html).toContain('name="csrf" value="csrf-token-of-the-session"');
    expect(html).toContain("Approved: 2.");
  });

  it("give times in Colombo", () => {
    expect(colomboTime("2026-11-21T20:45:00.000Z")).toBe("2026-11-22 02:15");
  });
});
