import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACK_OFFICE_SECTION_PATHS,
  STAFF_ROLES,
  type StaffRole,
} from "../../core/views/back-office";
import { TOTP_PERIOD_SECONDS } from "../accounts/totp";
import { addComment } from "../community/comments";
import { addReview } from "../community/reviews";
import { FUNNEL_POLICY } from "../funnel/funnel-routes";
import { cardFormOf } from "../lenders/card-admin-routes";
import { saveCreditCards } from "../lenders/credit-cards";
import { LENDER_FORM_POLICY } from "../lenders/lender-admin-routes";
import { importLenders } from "../lenders/lender-import";
import { testCard } from "../lenders/test-cards";
import { createPartner } from "../partners/partners";
import { createPayoutRun } from "../partners/payouts";
import { seedConversion } from "../partners/payouts.test-support";
import { lenderSpec, productFields, productFor } from "../sandbox/lender.test-support";
import { registerApiLenders } from "../sandbox/register";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { type BackOfficeRoute, mayUse, OPEN_BACK_OFFICE_ROUTES, sectionsFor } from "./access";
import { COMMAND_LINE } from "./audit";
import { BACK_OFFICE_POLICY } from "./gate";
import { addStaffMember, formHeaders, signInOverHttp, type TestMember } from "./staff.test-support";

/**
 * Every back-office route the routers registered, GET and POST, as each
 * role and as no one (issue 16): no one is sent to sign in, a role its
 * section does not name gets 403 and changes nothing, a role it names gets
 * its page or its change. Every answer carries the back office's headers.
 */
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let clock = new Date("2026-11-21T06:00:00.000Z");
const members = new Map<StaffRole, TestMember>();
let target: TestMember;
let reviewId = "";
let commentId = "";
let runId = "";
const PARTNER = "walk-partner";
/** An api lender every lender route is walked on, and a criteria lender the form saves. */
const WALK_LENDER = "walk-lender";
const WALK_CRITERIA = "walk-criteria";
const WALK_CARD = "walk-card";
let lenders = 0;
const walkCriteriaLender = (offerId: number) => ({
  id: WALK_CRITERIA,
  names: { en: "Walk Criteria", si: "Walk Criteria" },
  legalName: "Walk Criteria PLC",
  decision: { mode: "criteria" },
  products: [productFor(offerId)],
});

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, { now: () => clock });
  for (const role of STAFF_ROLES) {
    members.set(
      role,
      await addStaffMember(test.storage, {
        email: `${role}@nayacompare.test`,
        role,
        twoFactor: role === "admin",
        now: clock,
      }),
    );
  }
  target = await addStaffMember(test.storage, {
    email: "target@nayacompare.test",
    role: "analyst",
    now: clock,
  });
  reviewId = await addReview(test.storage, {
    locale: "en",
    name: "Kasun",
    email: "kasun@example.lk",
    text: "A review to moderate.",
    rating: 4,
  });
  const comment = await addComment(test.storage, {
    slug: "are-you-ready-to-apply-for-personal-loans",
    locale: "en",
    name: "Ama",
    email: "ama@example.lk",
    text: "A comment to moderate.",
  });
  if (comment.kind !== "stored") throw new Error("comment not stored");
  commentId = comment.id;
  // A partner with an issued loan in October, a run that pays it, and a sign-up waiting.
  await createPartner(test.storage, {
    id: PARTNER,
    name: "Walk Partner",
    payoutModel: "sale",
    payoutRupees: 1_000,
    origins: [],
    postbackUrl: null,
  });
  await seedConversion(test.storage, PARTNER, new Date("2026-10-10T06:00:00Z"), ["issued"]);
  runId = (
    await createPayoutRun(
      test.storage,
      { from: "2026-10-01", to: "2026-10-31" },
      { actor: COMMAND_LINE },
    )
  ).id;
  await registerApiLenders(test.storage, [
    lenderSpec(WALK_LENDER, "http://127.0.0.1:9/decide", [9501], { sandbox: true }),
  ]);
  await saveCreditCards(test.storage, [testCard({ id: WALK_CARD })], COMMAND_LINE);
  await importLenders(test.storage, [walkCriteriaLender(9502)], {
    baseDir: ".",
    allowSandbox: false,
    urlRules: { allowHttp: false },
  });
});
afterAll(async () => {
  await test?.cleanup();
});

/** Every route the back office's routers registered through the gate. */
const routes = (): readonly BackOfficeRoute[] => app.locals.backOfficeRoutes();

/** A real address and a valid form for each route, so an allowed request does its work. */
function requestOf(route: BackOfficeRoute): {
  url: string;
  form: Record<string, string | string[]>;
} {
  const [, path = ""] = route.split(" ");
  const id = route.includes("/reviews/")
    ? reviewId
    : route.includes("/partners/")
      ? PARTNER
      : route === "POST /admin/lenders/:id/"
        ? WALK_CRITERIA
        : route.includes("/lenders/")
          ? WALK_LENDER
          : route.includes("/cards/")
            ? WALK_CARD
            : target.staff.id;
  const url = path.replace(":id", id).replace(":run", runId).replace(":partner", PARTNER);
  lenders += 1;
  const lenderForm = (lenderId: string) => ({
    id: lenderId,
    "names.en": "Walk Lender",
    "names.si": "Walk Lender",
    legalName: "Walk Lender PLC",
    "decision.mode": "criteria",
    ...productFields([productFor(9600 + lenders)]),
  });
  const forms: Partial<Record<BackOfficeRoute, Record<string, string | string[]>>> = {
    "POST /admin/lenders/": lenderForm(`walk-new-${lenders}`),
    "POST /admin/lenders/:id/": lenderForm(WALK_CRITERIA),
    "POST /admin/lenders/:id/status": { status: "paused" },
    "POST /admin/cards/": cardFormOf(testCard({ id: `walk-card-${lenders}` })),
    "POST /admin/cards/:id/": cardFormOf(testCard({ id: WALK_CARD })),
    "POST /admin/moderation/": { one: `approve:comment:${commentId}` },
    "POST /admin/staff/": {
      email: `new${Math.random()}@nayacompare.test`.replace("0.", ""),
      role: "analyst",
    },
    "POST /admin/staff/:id/role": { role: "moderator" },
    "POST /admin/account/two-factor/": { code: "000000" },
    "POST /admin/partners/:id/terms": { payoutModel: "lead", payoutRupees: "500" },
    "POST /admin/partners/:id/keys": { key: "secret" },
    "POST /admin/payouts/": { from: "2026-09-01", to: "2026-09-30" },
    "POST /admin/payouts/:run/:partner/paid": { reference: "walk-1" },
  };
  return { url, form: forms[route] ?? {} };
}

async function request(route: BackOfficeRoute, cookie?: string, csrf?: string) {
  const { url, form } = requestOf(route);
  if (route.startsWith("GET ")) {
    return inject(app, { method: "GET", url, headers: cookie ? { cookie } : {} });
  }
  return inject(app, {
    method: "POST",
    url,
    headers: formHeaders({ cookie: cookie ?? "" }),
    payload: new URLSearchParams([
      ...Object.entries(form).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => [name, one]),
      ),
      ...(csrf ? [["csrf", csrf]] : []),
    ]).toString(),
  });
}

/** The routes that answer with the lender form's page (decision 0142), whose preview is a script. */
const LENDER_FORM_ROUTES: readonly string[] = [
  "GET /admin/lenders/new/",
  "POST /admin/lenders/",
  "GET /admin/lenders/:id/",
  "POST /admin/lenders/:id/",
  "POST /admin/lenders/:id/secret",
  "POST /admin/lenders/:id/test",
];

function expectBackOfficeHeaders(
  res: { headers: Record<string, unknown>; statusCode?: number; body?: string },
  where: string,
) {
  // Some of these routes answer with another page at times ("invalid", "forbidden").
  const page = String(res.body ?? "").includes("<form data-live-preview");
  const policy =
    /\/(image|logo)$/.test(where) && /^image\//.test(String(res.headers["content-type"]))
      ? "default-src 'none'; sandbox"
      : // The funnel page runs its chart script (decision 0162), the lender form its live
        // preview (0142); no other page runs any.
        where === "GET /admin/funnel/" && res.statusCode === 200
        ? FUNNEL_POLICY
        : LENDER_FORM_ROUTES.includes(where) && page
          ? LENDER_FORM_POLICY
          : BACK_OFFICE_POLICY;
  expect(res.headers["content-security-policy"], where).toBe(policy);
  // A page may name a script exactly when its CSP lets it run.
  const scripts = String(res.body ?? "").match(/<script[^>]*>/g) ?? [];
  expect(scripts.length > 0, where).toBe(policy.includes("script-src"));
  expect(res.headers["cache-control"], where).toMatch(/no-store/);
  expect(res.headers["x-frame-options"], where).toBe("DENY");
  expect(res.headers["x-robots-tag"], where).toBe("noindex, nofollow");
}

describe("every back-office route", () => {
  it("sends no one to sign in, GET or POST, and changes nothing", async () => {
    // Every section's page is among them (and the gate refused none at start).
    expect(routes()).toEqual(
      expect.arrayContaining(Object.values(BACK_OFFICE_SECTION_PATHS).map((path) => `GET ${path}`)),
    );
    for (const route of routes()) {
      const res = await request(route);
      expect(res.statusCode, route).toBe(303);
      expect(res.headers.location, route).toMatch(/^\/admin\/sign-in\//);
      expectBackOfficeHeaders(res, route);
    }
    const approved = await test.storage.db
      .selectFrom("comments")
      .select("status")
      .where("id", "=", commentId)
      .executeTakeFirstOrThrow();
    expect(approved.status).toBe("pending");
  });

  for (const role of STAFF_ROLES) {
    it(`gives a ${role} exactly the routes the table names for ${role}s`, async () => {
      const member = members.get(role);
      if (!member) throw new Error(`no ${role}`);
      const outcomes: string[] = [];
      for (const route of routes()) {
        // A fresh session for each route: some of them end it (sign-out).
        clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
        const signedIn = await signInOverHttp(app, member, { at: clock });
        const res = await request(route, signedIn.cookie, signedIn.csrf);
        expectBackOfficeHeaders(res, route);
        const allowed = mayUse(role, route);
        const refused = res.statusCode === 403;
        // Sent to sign in as if no one: the session was not taken (signing out sends there too).
        const location = res.headers.location ?? "";
        const signedOut = /notice=(signed_out|everywhere)$/.test(location);
        if (allowed === refused || (location.startsWith("/admin/sign-in/") && !signedOut)) {
          outcomes.push(`${route}: ${res.statusCode} ${res.headers.location ?? ""}`);
        }
        expect(res.statusCode, route).toBeLessThan(500);
      }
      expect(outcomes).toEqual([]);
    });
  }

  it("leaves what a refused role asked for undone", async () => {
    const moderator = members.get("moderator");
    if (!moderator) throw new Error("no moderator");
    const signedIn = await signInOverHttp(app, moderator, { at: clock });
    const res = await inject(app, {
      method: "POST",
      url: `/admin/staff/${target.staff.id}/role`,
      headers: formHeaders(signedIn),
      payload: new URLSearchParams({ csrf: signedIn.csrf, role: "admin" }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("Your role does not open this page.");
    const stored = await test.storage.db
      .selectFrom("staff")
      .select("role")
      .where("id", "=", target.staff.id)
      .executeTakeFirstOrThrow();
    expect(stored.role).not.toBe("admin");
  });

  it("opens sign-in and one-time links to no one, and answers 404 elsewhere under /admin/", async () => {
    for (const route of OPEN_BACK_OFFICE_ROUTES.filter((key) => key.startsWith("GET "))) {
      const res = await inject(app, { method: "GET", url: route.slice(4) });
      expect(res.statusCode, route).toBeLessThan(500);
      expect(res.statusCode, route).not.toBe(404);
      expectBackOfficeHeaders(res, route);
    }
    const unknown = await inject(app, { method: "GET", url: "/admin/no-such-page/" });
    expect(unknown.statusCode).toBe(404);
    expectBackOfficeHeaders(unknown, "/admin/no-such-page/");
    expect((await inject(app, { method: "GET", url: "/admin" })).headers.location).toBe("/admin/");
  });

  it("shows each role only the sections it opens", async () => {
    // The menu links to the sections the table opens to the role (access.test.ts says
    // which those are), each under its own page's name, none twice.
    for (const role of STAFF_ROLES) {
      const member = members.get(role);
      if (!member) throw new Error(`no ${role}`);
      clock = new Date(clock.getTime() + TOTP_PERIOD_SECONDS * 1000);
      const { cookie } = await signInOverHttp(app, member, { at: clock });
      const home = await inject(app, { method: "GET", url: "/admin/", headers: { cookie } });
      const nav = /<nav[^>]*>(.*?)<\/nav>/s.exec(home.body)?.[1] ?? "";
      const links = [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
      expect(
        links.map((match) => match[1]),
        role,
      ).toEqual(sectionsFor(role).map((section) => BACK_OFFICE_SECTION_PATHS[section]));
      expect(new Set(links.map((match) => match[2])).size, role).toBe(links.length);
      // Under the words each section's page names it.
      if (role === "moderator") {
        expect(links.map((match) => match[2])).toEqual(["Home", "Moderation", "Your account"]);
      }
    }
  });
});
