import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import { auditEntries } from "../staff/audit";
import {
  addStaffMember,
  formHeaders,
  type SignedIn,
  signInOverHttp,
} from "../staff/staff.test-support";
import { setUpTestApp } from "../test-support";
import { cardFormOf } from "./card-admin-routes";
import { findCreditCard, listCreditCards } from "./credit-cards";
import { testCard } from "./test-cards";

/**
 * /admin/cards/ (issue 21) over the app, for an admin: the list, a new
 * card checked by the card's schema with problems by the field and values
 * kept, edit, remove, each audited and shown at once on the public page.
 */
const context = setUpTestApp();
let signedIn: SignedIn;
let moderator: SignedIn;
let clock = Date.now();

beforeAll(async () => {
  const admin = await addStaffMember(context.test.storage, {
    email: "cards-admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: new Date(clock),
  });
  const member = await addStaffMember(context.test.storage, {
    email: "cards-moderator@nayacompare.test",
    role: "moderator",
    now: new Date(clock),
  });
  clock += TOTP_PERIOD_SECONDS * 1000;
  signedIn = await signInOverHttp(context.app, admin, { at: new Date(clock) });
  moderator = await signInOverHttp(context.app, member, { at: new Date(clock) });
});

const get = (url: string, who: SignedIn = signedIn) =>
  inject(context.app, { method: "GET", url, headers: { cookie: who.cookie } });

const postForm = (url: string, fields: Record<string, string>, who: SignedIn = signedIn) =>
  inject(context.app, {
    method: "POST",
    url,
    headers: formHeaders(who),
    payload: new URLSearchParams({ ...fields, csrf: who.csrf }).toString(),
  });

const fieldError = (html: string, field: string) =>
  new RegExp(`id="card-${field}-error">([^<]*)<`).exec(html)?.[1];

describe("the credit cards' back office", () => {
  it("lists no card at first, and is for admins only", async () => {
    const list = await get("/admin/cards/");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("No cards yet: the credit cards page says so to visitors.");
    expect(list.body).toContain('href="/admin/cards/new/"');
    expect((await get("/admin/cards/", moderator)).statusCode).toBe(403);
  });

  it("refuses a form with its problems by field, keeping what was typed", async () => {
    const form = cardFormOf(testCard());
    const res = await postForm("/admin/cards/", {
      ...form,
      annualFee: "two thousand",
      website: "http://cards.example.com/",
      checkedOn: "20/11/2026",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Nothing was saved");
    expect(fieldError(res.body, "annualFee")).toBeTruthy();
    expect(fieldError(res.body, "website")).toBe("must be an https URL");
    expect(fieldError(res.body, "checkedOn")).toBe("a date, YYYY-MM-DD");
    expect(res.body).toMatch(/id="card-website"[^>]*aria-invalid="true"/);
    expect(res.body).toContain('value="two thousand"');
    expect(await listCreditCards(context.test.storage)).toEqual([]);
  });

  it("adds a card, which the public page shows at once, audited", async () => {
    const res = await postForm("/admin/cards/", {
      ...cardFormOf(testCard()),
      annualFee: "2,500",
      "issuer.si": "",
      "name.ta": "",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/cards/?done=saved&id=kithul-test-classic");
    expect(await findCreditCard(context.test.storage, "kithul-test-classic")).toEqual({
      ...testCard(),
      issuer: { en: "Kithul Test Bank", ta: "கித்துல் டெஸ்ட் வங்கி" },
    });
    const list = await get("/admin/cards/?done=saved&id=kithul-test-classic");
    expect(list.body).toContain("kithul-test-classic was saved; the credit cards page shows it.");
    expect(list.body).toContain("Kithul Test Bank Test Classic");
    const page = await inject(context.app, { method: "GET", url: "/en/credit-cards/" });
    expect(page.body).toContain("<dt>Annual fee</dt><dd>Rs. 2,500</dd>");
    const created = await auditEntries(context.test.storage.db, {
      action: "card.create",
      limit: 10,
      offset: 0,
    });
    expect(created.entries.map((entry) => [entry.actor, entry.subject])).toEqual([
      ["cards-admin@nayacompare.test", "card:kithul-test-classic"],
    ]);
    // The same id again is refused: the form names the card to open instead.
    const twice = await postForm("/admin/cards/", cardFormOf(testCard()));
    expect(twice.statusCode).toBe(400);
    expect(fieldError(twice.body, "id")).toMatch(/is taken/);
  });

  it("edits a card (its id stays) and removes it", async () => {
    const form = await get("/admin/cards/kithul-test-classic/");
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(
      /id="card-id"[^>]*value="kithul-test-classic"|value="kithul-test-classic"[^>]*id="card-id"/,
    );
    const saved = await postForm("/admin/cards/kithul-test-classic/", {
      ...cardFormOf(testCard()),
      id: "another-id",
      interestRate: "26",
    });
    expect(saved.statusCode).toBe(303);
    expect((await findCreditCard(context.test.storage, "kithul-test-classic"))?.interestRate).toBe(
      26,
    );
    expect(await findCreditCard(context.test.storage, "another-id")).toBeUndefined();
    const page = await inject(context.app, { method: "GET", url: "/ta/credit-cards/" });
    expect(page.body).toContain("<dd>வருடத்துக்கு 26%</dd>");

    const removed = await postForm("/admin/cards/kithul-test-classic/remove", {});
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/admin/cards/?done=removed&id=kithul-test-classic");
    expect(await listCreditCards(context.test.storage)).toEqual([]);
    const empty = await inject(context.app, { method: "GET", url: "/en/credit-cards/" });
    expect(empty.body).toContain("cards-empty");
    expect((await postForm("/admin/cards/kithul-test-classic/remove", {})).statusCode).toBe(404);
    expect((await get("/admin/cards/kithul-test-classic/")).statusCode).toBe(404);
  });
});
