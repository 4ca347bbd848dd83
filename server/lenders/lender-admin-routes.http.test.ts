import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_LOCALES } from "../../core/locale";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import {
  approval,
  productFields,
  productFor,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import { auditEntries } from "../staff/audit";
import {
  addStaffMember,
  formHeaders,
  type SignedIn,
  signInOverHttp,
  type TestMember,
} from "../staff/staff.test-support";
import { decisionRequestSchema, verifyDecisionSignature } from "./decision-api";
import { LENDER_FORM_POLICY } from "./lender-admin-routes";

/**
 * /admin/lenders/ (issue 16) over the app: the form validated by the
 * lender record's schema with problems by the field and values kept, CSRF,
 * the preview in both languages, create, logo upload, pause and go live
 * (the licence rule), an api lender's secret shown once, the test
 * application against a real HTTP lender on 127.0.0.1, and the statistics;
 * the form's live-preview script, from a stand-in build.
 */
const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-dist-"));
mkdirSync(path.join(distDir, "back-office"));
writeFileSync(path.join(distDir, "back-office", "lender-preview.js"), "/* the live preview */");
const context = setUpDecisionApp({}, { distDir });
let admin: TestMember;
let signedIn: SignedIn;
let lender: TestLender;
let clock = Date.now();

/** A 1×1 PNG, and a file that only says it is one. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const PRODUCTS = productFields([productFor(8801, { header: "Harbour Loan 12" })]);

function lenderForm(overrides: Record<string, string | string[]> = {}) {
  return {
    id: "harbour-finance",
    "names.en": "Harbour Finance",
    "names.si": "වරාය මූල්‍ය",
    legalName: "Harbour Finance PLC",
    website: "https://harbour.example",
    "complaints.email": "complaints@harbour.example",
    "licence.category": "licensed_finance_company",
    "licence.number": "LFC-0077",
    "decision.mode": "criteria",
    ...PRODUCTS,
    intent: "save",
    ...overrides,
  };
}

/** A multipart POST from our pages, as the lender form sends it (files as [name, bytes, type]). */
async function postMultipart(
  url: string,
  fields: Record<string, string | string[]>,
  files: Record<string, [string, Buffer, string]> = {},
  /** null: no token at all. */
  csrf: string | null = signedIn.csrf,
) {
  const data = new FormData();
  if (csrf !== null) data.append("csrf", csrf);
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  for (const [name, [file, bytes, type]] of Object.entries(files)) {
    data.append(name, new Blob([new Uint8Array(bytes)], { type }), file);
  }
  const request = new Request("http://form.invalid/", { method: "POST", body: data });
  return inject(context.app, {
    method: "POST",
    url,
    headers: {
      ...formHeaders(signedIn),
      "content-type": request.headers.get("content-type") ?? "",
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const postForm = (url: string, fields: Record<string, string>, csrf = signedIn.csrf) =>
  inject(context.app, {
    method: "POST",
    url,
    headers: formHeaders(signedIn),
    payload: new URLSearchParams({ ...fields, csrf }).toString(),
  });

const get = (url: string) =>
  inject(context.app, { method: "GET", url, headers: { cookie: signedIn.cookie } });

const lenderRow = (id: string) =>
  context.test.storage.db.selectFrom("lenders").selectAll().where("id", "=", id).executeTakeFirst();

const entries = async (action: string) =>
  (await auditEntries(context.test.storage.db, { action, limit: 50, offset: 0 })).entries;

/** The text of a field's problem, by its id. */
const fieldError = (html: string, field: string) =>
  new RegExp(`id="lender-${field}-error">([^<]*)<`).exec(html)?.[1];

beforeAll(async () => {
  admin = await addStaffMember(context.test.storage, {
    email: "lenders-admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: new Date(clock),
  });
  clock += TOTP_PERIOD_SECONDS * 1000;
  signedIn = await signInOverHttp(context.app, admin, { at: new Date(clock) });
  lender = await startTestLender(() => ({ status: 200, body: approval(8901) }));
});
afterAll(async () => {
  await lender?.close();
});

describe("the lender form", () => {
  it("shows each problem by its field, keeps what was typed, and writes nothing", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      lenderForm({
        "names.en": "",
        website: "http://harbour.example",
        "licence.number": "",
        "products.0.amount.min": "lots",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Nothing was saved");
    expect(fieldError(res.body, "names-en")).toBeTruthy();
    expect(fieldError(res.body, "website")).toMatch(/https/);
    expect(fieldError(res.body, "licence-number")).toBeTruthy();
    expect(fieldError(res.body, "products-0-amount-min")).toBe("must be a number, such as 5000");
    expect(res.body).toMatch(/id="lender-names-en"[^>]*aria-invalid="true"/);
    expect(res.body).toContain('value="Harbour Finance PLC"');
    expect(res.body).toMatch(/name="products.0.amount.min"[^>]*value="lots"/);
    expect(await lenderRow("harbour-finance")).toBeUndefined();
  });

  it("names a product's field beside it", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      lenderForm({ "products.0.lender_link": "http://x.example/" }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldError(res.body, "products-0-lender_link")).toMatch(/https/);
    expect(res.body).toContain('href="#lender-products-0-lender_link">Product 1, Apply link');
  });

  it("refuses a change without the session's CSRF token, and writes nothing", async () => {
    const res = await postMultipart("/admin/lenders/", lenderForm(), {}, "not-the-token");
    expect(res.statusCode).toBe(403);
    const none = await postMultipart("/admin/lenders/", lenderForm(), {}, null);
    expect(none.statusCode).toBe(403);
    expect(await lenderRow("harbour-finance")).toBeUndefined();
  });

  it("previews the offer card in every language with the borrower's component, writing nothing", async () => {
    const res = await postMultipart("/admin/lenders/", lenderForm({ intent: "preview" }));
    expect(res.statusCode).toBe(200);
    const preview = res.body.slice(res.body.indexOf('id="preview-title"'));
    for (const locale of ALL_LOCALES) expect(preview).toContain(`lang="${locale}"`);
    expect(preview).toContain("වරාය මූල්‍ය");
    expect(preview).toContain("Harbour Finance");
    expect(preview.match(/class="lw-offer lead-offer"/g)).toHaveLength(ALL_LOCALES.length);
    expect(preview).toContain("Harbour Loan 12");
    expect(preview).toContain("/admin/lenders/harbour-finance/logo?name=Harbour%20Finance");
    expect(await lenderRow("harbour-finance")).toBeUndefined();
    const logo = await get("/admin/lenders/harbour-finance/logo?name=Harbour%20Finance");
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain(">HF<");
  });

  it("creates a draft with its uploaded logo, in the audit log as the member's change", async () => {
    const fake = await postMultipart("/admin/lenders/", lenderForm(), {
      logo: ["logo.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/png"],
    });
    expect(fake.statusCode).toBe(400);
    expect(fieldError(fake.body, "logo")).toMatch(/PNG, JPEG or WebP/);
    expect(await lenderRow("harbour-finance")).toBeUndefined();

    const res = await postMultipart("/admin/lenders/", lenderForm(), {
      logo: ["logo.png", TINY_PNG, "image/png"],
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toContain("The lender was created as a draft.");
    expect((await lenderRow("harbour-finance"))?.status).toBe("draft");
    const logo = await get("/admin/lenders/harbour-finance/logo");
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(Buffer.from(logo.rawPayload).equals(TINY_PNG)).toBe(true);
    const [created] = await entries("lender.create");
    expect(created).toMatchObject({ actor: admin.email, subject: "lender:harbour-finance" });
    expect(JSON.parse(created?.after ?? "{}")).toMatchObject({ status: "draft", logo: true });

    const again = await postMultipart("/admin/lenders/", lenderForm());
    expect(again.statusCode).toBe(400);
    expect(fieldError(again.body, "id")).toMatch(/taken/);
  });

  it("refuses a logo over 200 KB by its field, and a form over 512 KB as a whole", async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(210_000)]);
    const res = await postMultipart("/admin/lenders/", lenderForm({ id: "big-logo" }), {
      logo: ["logo.png", big, "image/png"],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldError(res.body, "logo")).toMatch(/200 KB/);
    const huge = await postMultipart("/admin/lenders/", lenderForm({ id: "huge-form" }), {
      logo: ["logo.png", Buffer.alloc(600_000), "image/png"],
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain("That request is not valid.");
    expect(await lenderRow("big-logo")).toBeUndefined();
    expect(await lenderRow("huge-form")).toBeUndefined();
  });

  it("edits a lender through the same import: its id stays, its values change", async () => {
    const page = await get("/admin/lenders/harbour-finance/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="Harbour Finance PLC"');
    const res = await postMultipart(
      "/admin/lenders/harbour-finance/",
      lenderForm({ id: "something-else", legalName: "Harbour Finance PLC (renamed)" }),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/lenders/harbour-finance/?done=saved");
    expect((await lenderRow("harbour-finance"))?.legal_name).toBe("Harbour Finance PLC (renamed)");
    expect(await lenderRow("something-else")).toBeUndefined();
    const [updated] = await entries("lender.update");
    expect(JSON.parse(updated?.before ?? "{}").legal_name).toBe("Harbour Finance PLC");
  });
});

describe("the live preview's script", () => {
  it("is served from the build to admins, kept out of caches like the back office's pages", async () => {
    const res = await get("/admin/lenders/preview.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toBe("/* the live preview */");
  });

  it("is not for other roles, nor for no one", async () => {
    const moderator = await addStaffMember(context.test.storage, {
      email: "lenders-moderator@nayacompare.test",
      role: "moderator",
      now: new Date(clock),
    });
    const them = await signInOverHttp(context.app, moderator, { at: new Date(clock) });
    const refused = await inject(context.app, {
      method: "GET",
      url: "/admin/lenders/preview.js",
      headers: { cookie: them.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("the live preview");
    const nobody = await inject(context.app, { method: "GET", url: "/admin/lenders/preview.js" });
    expect(nobody.statusCode).toBe(303);
  });

  it("runs on the form's pages, whose CSP allows our own scripts, and only there", async () => {
    const tag = '<script src="/admin/lenders/preview.js" defer="">';
    for (const res of [
      await get("/admin/lenders/new/"),
      await postMultipart("/admin/lenders/", lenderForm({ intent: "preview", id: "live-one" })),
      await postMultipart("/admin/lenders/", lenderForm({ intent: "preview", "names.en": "" })),
    ]) {
      expect(res.headers["content-security-policy"]).toBe(LENDER_FORM_POLICY);
      expect(res.body).toContain(tag);
    }
    const list = await get("/admin/lenders/");
    expect(list.headers["content-security-policy"]).not.toContain("script-src");
    expect(list.body).not.toContain("<script");
  });

  it("finds the preview and the problems in the boxes it swaps", async () => {
    const fine = await postMultipart(
      "/admin/lenders/",
      lenderForm({ intent: "preview", id: "live-two" }),
    );
    expect(fine.body).toMatch(/<div id="lender-preview"><section aria-labelledby="preview-title"/);
    expect(fine.body).toContain('<div id="lender-problems"></div>');
    const bad = await postMultipart(
      "/admin/lenders/",
      lenderForm({ intent: "preview", id: "live-two", "names.si": "" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/<div id="lender-problems"><div class="alert" role="alert">/);
    expect(bad.body).toContain('<div id="lender-preview"></div>');
  });
});

describe("the products' forms (issue 35, decision 0437)", () => {
  const productsForm = (overrides: Record<string, string | string[]> = {}) =>
    lenderForm({
      id: "products-lender",
      ...productFields([
        productFor(8861, {
          header: "Products Loan A",
          headers: { en: "Harbour Quick", si: "වරාය ඉක්මන්", ta: "துறைமுக விரைவு" },
          terms: {
            annualInterestRate: 0.071,
            feeFixed: 250,
            feePercent: 0.015,
            repayment: "monthly",
          },
        }),
        productFor(8862, {
          header: "Products Loan B",
          lender_link: "https://apply.harbour.example/?c={click_id}",
        }),
      ]),
      ...overrides,
    });
  const storedOffers = async (id: string) =>
    (
      await context.test.storage.db
        .selectFrom("lender_products")
        .select(["offer_id", "offer"])
        .where("lender_id", "=", id)
        .orderBy("position")
        .execute()
    ).map((row) => JSON.parse(row.offer) as Record<string, unknown>);

  it("renders a form per product, in per cent and rupees, and no JSON anywhere", async () => {
    const page = await get("/admin/lenders/new/");
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/JSON/);
    expect(page.body).not.toContain('name="products"');
    const created = await postMultipart("/admin/lenders/", productsForm());
    expect(created.statusCode).toBe(201);
    const edit = await get("/admin/lenders/products-lender/");
    expect(edit.body).not.toMatch(/JSON|\[\{|&quot;offer_id/);
    for (const [name, value] of [
      ["products.0.offer_id", "8861"],
      ["products.0.terms.annualInterestRate", "7.1"],
      ["products.0.terms.feePercent", "1.5"],
      ["products.0.terms.feeFixed", "250"],
      ["products.0.headers.ta", "துறைமுக விரைவு"],
      ["products.1.amount.max", "200000"],
      ["products.1.lender_link", "https://apply.harbour.example/?c={click_id}"],
    ] as const)
      expect(edit.body).toMatch(
        new RegExp(
          `name="${name.replace(/\./g, "\\.")}"[^>]*value="${value.replace(/[?{}.]/g, "\\$&")}"`,
        ),
      );
    expect(edit.body).toMatch(
      /<label for="lender-products-0-terms-annualInterestRate">Interest per year \(%\)<\/label>/,
    );
    expect(edit.body).toMatch(/name="products.0.terms.repayment" checked="" value="monthly"/);
    // The record the import and the API read: the same fractions, exactly.
    const [first, second] = await storedOffers("products-lender");
    expect(first).toMatchObject({
      offer_id: 8861,
      terms: { annualInterestRate: 0.071, feeFixed: 250, feePercent: 0.015, repayment: "monthly" },
      headers: { en: "Harbour Quick", si: "වරාය ඉක්මන්", ta: "துறைமுக விரைவு" },
    });
    expect(second).toEqual({
      ...productFor(8862, {
        header: "Products Loan B",
        lender_link: "https://apply.harbour.example/?c={click_id}",
      }),
    });
    // Saved again untouched, the products stay exactly as they were.
    const again = await postMultipart("/admin/lenders/products-lender/", productsForm());
    expect(again.statusCode).toBe(303);
    expect(await storedOffers("products-lender")).toEqual([first, second]);
  });

  it("shows each kind of bad value beside its field, keeps everything typed, and writes nothing", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      productsForm({
        id: "products-bad",
        "products.0.header": "",
        "products.0.amount.min": "300000",
        "products.0.termDays.min": "0",
        "products.0.terms.annualInterestRate": "1200",
        "products.0.terms.feeFixed": "10.5",
        "products.0.terms.feePercent": "-2",
        "products.0.criteria.minAge": "",
        "products.0.criteria.employment": [],
        "products.0.tags": "x".repeat(41),
        "products.0.headers.si": "",
        "products.1.terms.repayment": "weekly",
        "products.1.stars": "seven",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Nothing was saved");
    const problems: [string, string | RegExp][] = [
      ["products-0-header", "required"],
      ["products-0-amount", "min must not exceed max"],
      ["products-0-termDays-min", "must be more than 0"],
      ["products-0-terms-annualInterestRate", "must be at most 1000"],
      ["products-0-terms-feeFixed", "must be a whole number"],
      ["products-0-terms-feePercent", "must be a number, such as 5000"],
      ["products-0-criteria-minAge", "required"],
      ["products-0-criteria-employment", "choose at least one"],
      ["products-0-tags", "at most 40 characters"],
      ["products-0-headers-si", "required"],
      ["products-1-terms-repayment", "choose one"],
      ["products-1-stars", "must be a number, such as 5000"],
    ];
    for (const [field, problem] of problems)
      expect(fieldError(res.body, field), field).toMatch(problem);
    expect(res.body).toMatch(/id="lender-products-0-terms-feeFixed"[^>]*aria-invalid="true"/);
    expect(res.body).toContain('href="#lender-products-0-amount-error">Product 1, Amount it lends');
    // What was typed, as typed.
    expect(res.body).toMatch(/name="products.0.terms.feePercent"[^>]*value="-2"/);
    expect(res.body).toMatch(/name="products.1.stars"[^>]*value="seven"/);
    expect(res.body).toContain(`>${"x".repeat(41)}</textarea>`);
    expect(res.body).toContain('value="துறைமுக விரைவு"');
    expect(await lenderRow("products-bad")).toBeUndefined();

    // An offer id twice: the record's own rule, beside the second.
    const twice = await postMultipart(
      "/admin/lenders/",
      productsForm({ id: "products-bad", "products.1.offer_id": "8861" }),
    );
    expect(twice.statusCode).toBe(400);
    expect(fieldError(twice.body, "products-1-offer_id")).toBe("offer id 8861 is used twice");
    expect(await lenderRow("products-bad")).toBeUndefined();
  });

  it("refuses a NUL byte in a product's field as bad input, writing nothing", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      productsForm({ id: "products-nul", "products.0.header": "Loan\u0000A" }),
    );
    expect(res.statusCode).toBe(400);
    expect(await lenderRow("products-nul")).toBeUndefined();
  });

  it("adds an empty product and removes one without a script", async () => {
    const added = await postMultipart(
      "/admin/lenders/products-lender/",
      productsForm({ "products.1.header": "Typed, not saved", intent: "add-product" }),
    );
    expect(added.statusCode).toBe(200);
    expect(added.body).not.toContain("Nothing was saved");
    expect(added.body).toMatch(/name="products.1.header"[^>]*value="Typed, not saved"/);
    expect(added.body).toMatch(/name="products.2.offer_id"[^>]*value=""/);
    expect(added.body).toContain("Product 3");
    expect(added.body).toMatch(/name="products.2.terms.repayment" checked="" value="single"/);
    expect((await storedOffers("products-lender")).map((offer) => offer.header)).toEqual([
      "Products Loan A",
      "Products Loan B",
    ]);

    // The first removed, the second saved as the first, its fields numbered again.
    const removed = await postMultipart(
      "/admin/lenders/products-lender/",
      productsForm({ "products.0.remove": "1", intent: "preview" }),
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toMatch(/name="products.0.header"[^>]*value="Products Loan B"/);
    expect(removed.body).not.toContain("Products Loan A");
    const saved = await postMultipart(
      "/admin/lenders/products-lender/",
      productsForm({ "products.0.remove": "1" }),
    );
    expect(saved.statusCode).toBe(303);
    expect((await storedOffers("products-lender")).map((offer) => offer.offer_id)).toEqual([8862]);
  });

  it("previews each product's card in Tamil too, with its Tamil name", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      productsForm({ id: "products-ta", intent: "preview" }),
    );
    expect(res.statusCode).toBe(200);
    const preview = res.body.slice(res.body.indexOf('id="preview-title"'));
    const tamil = preview.slice(preview.indexOf('lang="ta"'));
    expect(tamil).toContain("துறைமுக விரைவு");
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/);
    expect(await lenderRow("products-ta")).toBeUndefined();
  });
});

describe("pausing and going live", () => {
  it("goes live with a licence, pauses, and refuses a lender without one", async () => {
    const live = await postForm("/admin/lenders/harbour-finance/status", { status: "live" });
    expect(live.statusCode).toBe(303);
    expect((await lenderRow("harbour-finance"))?.status).toBe("live");
    const list = await get(live.headers.location as string);
    expect(list.body).toContain("harbour-finance is now live.");
    const paused = await postForm("/admin/lenders/harbour-finance/status", { status: "paused" });
    expect(paused.statusCode).toBe(303);
    expect((await lenderRow("harbour-finance"))?.status).toBe("paused");
    expect((await entries("lender.live")).length).toBe(1);
    expect((await entries("lender.pause")).length).toBe(1);

    const unlicensed = await postMultipart(
      "/admin/lenders/",
      lenderForm({
        id: "no-licence",
        "licence.category": "",
        "licence.number": "",
        ...productFields([productFor(8802)]),
      }),
    );
    expect(unlicensed.statusCode).toBe(201);
    const refused = await postForm("/admin/lenders/no-licence/status", { status: "live" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("no-licence has no licence");
    expect((await lenderRow("no-licence"))?.status).toBe("draft");
  });
});

describe("an api lender", () => {
  const apiForm = () =>
    lenderForm({
      id: "harbour-api",
      "names.en": "Harbour API",
      "decision.mode": "api",
      "decision.url": `http://lender.test:${lender.port}/decide`,
      "decision.fields": ["age", "monthlyIncome"],
      ...productFields([productFor(8901)]),
    });
  let secret = "";

  it("refuses a decision URL on our own machine, as an import does", async () => {
    const res = await postMultipart(
      "/admin/lenders/",
      lenderForm({
        id: "loopback-api",
        "decision.mode": "api",
        "decision.url": "http://127.0.0.1:9/decide",
        ...productFields([productFor(8903)]),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldError(res.body, "decision-url")).toMatch(/address|public/);
    expect(await lenderRow("loopback-api")).toBeUndefined();
  });

  it("gets a secret when created, shown once and never again", async () => {
    const res = await postMultipart("/admin/lenders/", apiForm());
    expect(res.statusCode).toBe(201);
    secret = /<p class="secret"[^>]*>([^<]+)</.exec(res.body)?.[1] ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await lenderRow("harbour-api"))?.api_secret).toBe(secret);
    const again = await get("/admin/lenders/harbour-api/");
    expect(again.body).toContain("A secret is set.");
    expect(again.body).not.toContain(secret);
    const audit = await context.test.storage.db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("takes its own concurrency and deadline, within the server's, and says the server's", async () => {
    const limited = (concurrency: string, deadlineMs: string) =>
      postMultipart(
        "/admin/lenders/",
        lenderForm({
          id: "harbour-limits",
          "decision.mode": "api",
          "decision.url": `http://lender.test:${lender.port}/decide`,
          "decision.concurrency": concurrency,
          "decision.deadlineMs": deadlineMs,
          ...productFields([productFor(8905)]),
        }),
      );
    const page = await get("/admin/lenders/new/");
    expect(page.body).toContain("empty for this server&#x27;s 32 (LENDER_CONCURRENCY)");
    expect(page.body).toContain("200 to 5000; empty for this server&#x27;s 5000");
    const tooMany = await limited("65", "9000");
    expect(tooMany.statusCode).toBe(400);
    expect(fieldError(tooMany.body, "decision-concurrency")).toBe("must be at most 64");
    // Within the record's range, but longer than this server waits: the import refuses it.
    expect(fieldError(tooMany.body, "decision-deadlineMs")).toBeUndefined();
    const tooLong = await limited("4", "9000");
    expect(tooLong.statusCode).toBe(400);
    expect(fieldError(tooLong.body, "decision-deadlineMs")).toBe(
      "must be at most 5000, the server&#x27;s LENDER_DEADLINE_MS",
    );
    expect(await lenderRow("harbour-limits")).toBeUndefined();
    const saved = await limited("4", "2500");
    expect(saved.statusCode).toBe(201);
    expect(await lenderRow("harbour-limits")).toMatchObject({
      api_concurrency: 4,
      api_deadline_ms: 2_500,
    });
    const edit = await get("/admin/lenders/harbour-limits/");
    expect(edit.body).toMatch(/id="lender-decision-concurrency"[^>]*value="4"/);
    expect(edit.body).toMatch(/id="lender-decision-deadlineMs"[^>]*value="2500"/);
  });

  it("rotates the secret: the new one shown once, the old one gone", async () => {
    const res = await postForm("/admin/lenders/harbour-api/secret", {});
    expect(res.statusCode).toBe(200);
    const rotated = /<p class="secret"[^>]*>([^<]+)</.exec(res.body)?.[1] ?? "";
    expect(rotated).not.toBe(secret);
    expect((await lenderRow("harbour-api"))?.api_secret).toBe(rotated);
    expect((await get("/admin/lenders/harbour-api/")).body).not.toContain(rotated);
    secret = rotated;
  });

  it("sends a signed test application to the lender's URL and shows its answer and latency", async () => {
    const leadsBefore = await context.test.storage.db.selectFrom("leads").select("id").execute();
    const res = await postForm("/admin/lenders/harbour-api/test", {});
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/The lender answered approved in \d+ ms\./);
    const received = lender.received.at(-1);
    if (!received) throw new Error("the lender got nothing");
    const request = decisionRequestSchema.parse(received.json);
    expect(request.test).toBe(true);
    expect(Object.keys(request.applicant).sort()).toEqual(["age", "monthlyIncome"]);
    expect(
      verifyDecisionSignature(
        secret,
        received.headers["x-timestamp"] as string,
        received.body,
        received.headers["x-signature"] as string,
        new Date(),
      ),
    ).toBe(true);
    const leadsAfter = await context.test.storage.db.selectFrom("leads").select("id").execute();
    expect(leadsAfter).toHaveLength(leadsBefore.length);
    const rows = await context.test.storage.db
      .selectFrom("lender_decisions")
      .select("decision_id")
      .where("lender_id", "=", "harbour-api")
      .execute();
    expect(rows).toEqual([]);
    expect(res.body).toContain("Asked");
  });

  it("shows what a broken answer came to", async () => {
    const broken = await startTestLender(() => ({ status: 200, body: "<html>" }));
    try {
      await context.test.storage.db
        .updateTable("lenders")
        .set({ api_url: `http://lender.test:${broken.port}/decide` })
        .where("id", "=", "harbour-api")
        .execute();
      const res = await postForm("/admin/lenders/harbour-api/test", {});
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/No decision: invalid_answer, after \d+ ms\./);
    } finally {
      await broken.close();
    }
  });

  it("counts its decisions from storage, with the breaker's state on this server", async () => {
    await context.onlyLenders([
      {
        id: "harbour-api",
        names: { en: "Harbour API", si: "Harbour API" },
        apiUrl: `http://lender.test:${lender.port}/decide`,
        apiSecret: secret,
        apiFields: ["age"],
        sandbox: false,
        licence: { category: "licensed_finance_company", number: "LFC-0078" },
        products: [productFor(8901)],
      },
    ]);
    await context.apply();
    await context.network.idle();
    const page = await get("/admin/lenders/harbour-api/");
    const stats = page.body.slice(page.body.indexOf('id="stats-title"'));
    expect(stats).toMatch(/<dt>Asked<\/dt><dd>1<\/dd>/);
    expect(stats).toMatch(/<dt>Approved<\/dt><dd>1<\/dd>/);
    expect(stats).toMatch(/<dt>Latency, median<\/dt><dd>\d+ ms<\/dd>/);
    expect(stats).toContain("closed: requests go");
  });
});
