import { describe, expect, it } from "vitest";
import { ALL_LOCALES, LOCALES } from "../../core/locale";
import type { BackOfficeView, BackOfficeViewer } from "../../core/views/back-office";
import { colomboTime } from "../operator/format";
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
      kpis: {
        applications: 1,
        verified: 1,
        approved: 0,
        clickouts: 0,
        issued: 0,
        revenueRupees: 0,
      },
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
  ...partnerViews(),
  {
    page: "lenders",
    lenders: [
      {
        id: "xss-lender",
        name: XSS,
        status: "draft",
        licence: null,
        decisionMode: "api",
        products: 1,
        sample: false,
        sandbox: false,
      },
    ],
    notice: { kind: "no_licence", id: "xss-lender" },
  },
  {
    page: "lender-edit",
    mode: "edit",
    fieldChoices: ["age"],
    form: {
      id: "xss-lender",
      "names.en": XSS,
      "names.si": XSS,
      "names.ta": XSS,
      legalName: XSS,
      website: "",
      "complaints.email": "",
      "complaints.phone": "",
      "complaints.url": "",
      "licence.category": "",
      "licence.number": "",
      dailyLeadCap: "",
      "decision.mode": "api",
      "decision.url": XSS,
      "decision.fields": ["age"],
      "decision.concurrency": XSS,
      "decision.deadlineMs": XSS,
      products: [
        {
          offer_id: XSS,
          header: XSS,
          "headers.si": XSS,
          "headers.en": XSS,
          "headers.ta": XSS,
          "amount.min": XSS,
          "amount.max": XSS,
          "termDays.min": XSS,
          "termDays.max": XSS,
          "terms.annualInterestRate": XSS,
          "terms.feeFixed": XSS,
          "terms.feePercent": XSS,
          "terms.repayment": XSS,
          "criteria.minAge": XSS,
          "criteria.maxAge": XSS,
          "criteria.minMonthlyIncome": XSS,
          "criteria.employment": [XSS],
          lender_link: XSS,
          tags: XSS,
          product_type: XSS,
          stars: XSS,
          field2_value: XSS,
          field4_value: XSS,
          asnef_value: XSS,
        },
      ],
      removeLogo: false,
    },
    limits: { concurrency: 32, deadlineMs: 3_000 },
    errors: {
      "names.en": XSS,
      products: XSS,
      "products.0.amount": XSS,
      "products.0.tags": XSS,
      "decision.deadlineMs": XSS,
    },
    stored: {
      status: "draft",
      sample: false,
      sandbox: false,
      hasSecret: true,
      hasLogo: true,
      mayGoLive: false,
    },
    preview: {
      offers: [
        {
          offer_id: 1,
          header: XSS,
          tags: [XSS],
          lender_link: "https://apply.example/",
          lender: {
            id: "xss-lender",
            name: XSS,
            names: { en: XSS, si: XSS },
            logo: "/admin/lenders/xss-lender/logo?name=x",
            sample: false,
          },
          amount: { min: 5_000, max: 100_000 },
          termDays: { min: 61, max: 360 },
          terms: { annualInterestRate: 0.24, feeFixed: 0, feePercent: 0, repayment: "single" },
          criteria: { minAge: 18, maxAge: 70, minMonthlyIncome: 0, employment: ["salaried"] },
        },
      ],
      amount: 50_000,
      termDays: 91,
      today: "2026-11-21",
    },
    newSecret: "a-new-secret-shown-once-0123456789abcdef",
    stats: {
      asked: 3,
      approved: 1,
      declined: 1,
      pending: 0,
      waiting: 0,
      errors: 1,
      timeouts: 0,
      brokenRules: [],
      p50Ms: 120,
      p95Ms: 900,
      breaker: "half_open",
    },
    test: { kind: "failed", error: XSS, latencyMs: 12 },
  },
];

/** The partners' and payouts' pages, with a partner's name and a reference as hostile as can be. */
function partnerViews(): BackOfficeView[] {
  const partner = {
    id: "lanka-deals",
    name: XSS,
    status: "pending" as const,
    disabled: false,
    payoutModel: "lead" as const,
    payoutRupees: 400,
    keyEnd: "9xQz",
    origins: 1,
    postback: true,
    createdAt: "2026-11-21T06:00:00.000Z",
  };
  const runPartner = {
    partnerId: "lanka-deals",
    partnerName: XSS,
    items: 2,
    totalRupees: 800,
    paidAt: "2026-11-22T06:00:00.000Z",
    paidReference: XSS,
    paidBy: "admin@nayacompare.lk",
  };
  const run = {
    id: "run1",
    from: "2026-10-01",
    to: "2026-10-31",
    totalRupees: 800,
    createdBy: "admin@nayacompare.lk",
    createdAt: "2026-11-21T06:00:00.000Z",
    partners: [runPartner, { ...runPartner, partnerId: "unpaid", paidAt: null }],
  };
  return [
    {
      page: "partners",
      period: { from: "2026-11-01", to: "2026-11-21" },
      partners: [{ ...partner, figures: { leads: 3, sales: 1, earnedRupees: 12_500 } }],
      done: { what: "approved", partner: XSS },
    },
    {
      page: "partner",
      partner,
      form: { payoutModel: XSS, payoutRupees: XSS },
      errors: { payoutModel: "model", payoutRupees: "rupees" },
      issued: { secretKey: "sk_new", postbackSecret: "whsec_new" },
    },
    {
      page: "payouts",
      period: { from: "2026-10-01", to: "2026-10-31" },
      unpaid: [{ partnerId: "lanka-deals", partnerName: XSS, items: 2, totalRupees: 800 }],
      runs: [run],
      problem: "conflict",
      partners: [{ id: "lanka-deals", name: XSS }],
      adjustments: [
        {
          id: "adj1",
          partnerId: "lanka-deals",
          partnerName: XSS,
          month: "2026-10",
          rupees: -500,
          reason: XSS,
          createdBy: XSS,
          createdAt: "2026-11-02T06:00:00.000Z",
          runId: null,
        },
      ],
      adjustment: {
        form: { partner: XSS, month: XSS, rupees: XSS, reason: XSS },
        problems: ["rupees", "reason"],
      },
    },
    {
      page: "payout-run",
      run,
      problem: { partner: "unpaid", problem: "reference", reference: XSS },
    },
    {
      page: "payout-statement",
      run,
      partner: runPartner,
      payoutModel: "lead",
      items: [
        {
          clickId: "c1",
          leadId: null,
          status: "approved",
          reportedAt: "2026-10-03T06:00:00.000Z",
          payoutRupees: 400,
        },
      ],
      adjustments: [
        {
          id: "adj2",
          month: "2026-10",
          rupees: 250,
          reason: XSS,
          createdAt: "2026-11-02T06:00:00.000Z",
        },
      ],
    },
    {
      page: "invoices",
      month: "2026-10",
      problem: "conflict",
      unbilled: [{ lenderId: "kandy-lane", lenderName: XSS, items: 2, totalRupees: 12_000 }],
      invoices: [
        {
          id: "inv1",
          lenderId: "kandy-lane",
          lenderName: XSS,
          month: "2026-10",
          items: 2,
          totalRupees: 12_000,
          createdBy: XSS,
          createdAt: "2026-11-02T06:00:00.000Z",
        },
      ],
      match: {
        month: "2026-10",
        invoicedRupees: 12_000,
        unbilledRupees: 0,
        partnersEarnedRupees: 5_000,
        adjustmentsRupees: -250,
        marginRupees: 7_250,
      },
      prices: [
        {
          lenderId: "kandy-lane",
          lenderName: XSS,
          model: "issued",
          rupees: 6_000,
          from: "2026-10-01",
          createdBy: XSS,
          createdAt: "2026-11-01T06:00:00.000Z",
        },
      ],
      lenders: [{ id: "kandy-lane", name: XSS }],
      price: {
        form: { lender: XSS, model: XSS, rupees: XSS, from: XSS },
        problems: ["lender", "rupees"],
      },
    },
    {
      page: "invoice",
      created: true,
      invoice: {
        id: "inv1",
        lenderId: "kandy-lane",
        lenderName: XSS,
        month: "2026-10",
        items: 1,
        totalRupees: 6_000,
        createdBy: XSS,
        createdAt: "2026-11-02T06:00:00.000Z",
      },
      items: [
        { model: "issued", sourceId: "c1", occurredAt: "2026-10-03T06:00:00.000Z", rupees: 6_000 },
      ],
    },
  ];
}

describe("back-office pages", () => {
  for (const view of views) {
    it(`render ${view.page} as a whole document without any script but our own`, () => {
      const html = renderBackOfficeDocument(
        view,
        view.page.startsWith("sign-in") ? undefined : viewer,
      );
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      // Our own files only: the funnel's charts (decision 0162) and the lender form's live
      // preview (0142), each on its page; no other page has a script.
      const scripts = html.match(/<script[^>]*>/gi) ?? [];
      const own: Partial<Record<typeof view.page, string>> = {
        funnel: '<script src="/admin/funnel/chart.js" defer="">',
        "lender-edit": '<script src="/admin/lenders/preview.js" defer="">',
      };
      expect(scripts).toEqual(own[view.page] ? [own[view.page]] : []);
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

  it("give every form of the partners' and payouts' pages the session's CSRF token", () => {
    for (const view of views.filter((candidate) => /partner|payout/.test(candidate.page))) {
      const html = renderBackOfficeDocument(view, viewer);
      const posts = html.match(/<form[^>]*method="post"[^>]*>/g) ?? [];
      const tokens = html.match(/name="csrf" value="csrf-token-of-the-session"/g) ?? [];
      // The header's sign-out form is one of them.
      expect(tokens.length, view.page).toBe(posts.length);
    }
    const partner = renderBackOfficeDocument(views[11] as BackOfficeView, viewer);
    expect(partner).toContain('<code class="secret">sk_new</code>');
    expect(partner).toContain("Rs. 400 per lead");
  });

  it("render the lender preview in every language with the borrower's offer card", () => {
    const html = renderBackOfficeDocument(views.at(-1) as BackOfficeView, viewer);
    for (const locale of ALL_LOCALES) {
      const name = LOCALES[locale].english;
      const section = html.split(`<section aria-label="${name}" class="preview-language">`)[1];
      expect(section, name).toContain(`<h3>${name}</h3><div class="lw-root" lang="${locale}">`);
      // The card in the language's own words (its script: decision 0395's `letters`).
      expect(section?.split("</section>")[0], name).toMatch(LOCALES[locale].letters);
    }
    expect(html.match(/class="lw-offer lead-offer"/g)).toHaveLength(ALL_LOCALES.length);
    expect(html).toContain("a-new-secret-shown-once-0123456789abcdef");
    expect(html).toContain('aria-invalid="true"');
  });

  it("say so when no product of the lender lends the previewed loan", () => {
    const edit = views.at(-1) as Extract<BackOfficeView, { page: "lender-edit" }>;
    if (!edit.preview) throw new Error("the lender view has a preview");
    const html = renderBackOfficeDocument(
      { ...edit, preview: { ...edit.preview, amount: 500_000 } },
      viewer,
    );
    expect(html).not.toContain('class="lw-offer');
    expect(html).toContain("No product fits that loan");
  });

  it("give times in Colombo", () => {
    expect(colomboTime("2026-11-21T20:45:00.000Z")).toBe("2026-11-22 02:15");
  });
});
