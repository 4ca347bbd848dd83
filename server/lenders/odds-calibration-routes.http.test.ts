import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCalibrationLenders } from "../sandbox/calibration-lenders.test-support";
import { addStaffMember, type SignedIn, signInOverHttp } from "../staff/staff.test-support";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { countOddsCalibration } from "./odds-calibration";

/**
 * The back office's calibration of approval odds (issue 36): the page for
 * admins and analysts, each lender's chart, Brier score and count, and the
 * flag in words on the page, in the lenders' list and on the lender's page.
 */
const clock = new Date("2026-11-29T06:00:00.000Z");
const FLAG = "Flagged: approval odds badly calibrated";
let test: TestStorage;
let app: ReturnType<typeof appWith>;
let admin: SignedIn;
let analyst: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  test = await openTestSqlite();
  await seedCalibrationLenders(test.storage, clock);
  // The server's daily work, as a production server runs it (no sandbox lender).
  await countOddsCalibration(test.storage, clock, { withSandbox: false });
  app = appWith(test.storage, { now: () => clock });
  const member = (role: "analyst" | "moderator") =>
    addStaffMember(test.storage, { email: `${role}@nayacompare.test`, role, now: clock });
  // An admin signs in with a second step, a code of a later period than enrolment's.
  const adminMember = await addStaffMember(test.storage, {
    email: "admin@nayacompare.test",
    role: "admin",
    twoFactor: true,
    now: new Date(clock.getTime() - 60_000),
  });
  admin = await signInOverHttp(app, adminMember, { at: clock });
  analyst = await signInOverHttp(app, await member("analyst"), { at: clock });
  moderator = await signInOverHttp(app, await member("moderator"), { at: clock });
});
afterAll(async () => {
  await test?.cleanup();
});

const get = (url: string, who: SignedIn) =>
  inject(app, { method: "GET", url, headers: { cookie: who.cookie } });

/** The card of a lender on the calibration page. */
const cardOf = (html: string, id: string) =>
  new RegExp(`<li class="card"><h2 id="odds-${id}">.*?</li>`, "s").exec(html)?.[0] ?? "";

describe("/admin/approval-odds/", () => {
  it("shows an analyst each lender's chart, Brier score and count, the flagged one first and in words", async () => {
    const res = await get("/admin/approval-odds/", analyst);
    expect(res.statusCode).toBe(200);
    const hopeful = cardOf(res.body, "odds-hopeful");
    const right = cardOf(res.body, "odds-right");
    expect(hopeful).toContain(FLAG);
    expect(hopeful).toMatch(
      /Brier score 0\.\d{3} \(0 is perfect, 0\.25 a coin&#x27;s guess\), 150 decisions, an average gap of (2\d|3\d) points/,
    );
    expect(hopeful).toMatch(
      /<svg class="calibration-chart"[^>]* role="img" aria-labelledby="odds-chart-odds-hopeful"/,
    );
    expect(hopeful).toContain("odds-hopeful Finance: approval predicted against actual");
    expect(hopeful.match(/<circle /g)?.length ?? 0).toBeGreaterThan(2);
    expect(right).not.toContain(FLAG);
    expect(right).toContain("Calibrated within 10 points");
    expect(res.body.indexOf('id="odds-odds-hopeful"')).toBeLessThan(
      res.body.indexOf('id="odds-odds-right"'),
    );
    // Without decisions asked with odds, a lender is not listed; a sandbox lender's never in production.
    expect(res.body).not.toContain('id="odds-odds-quiet"');
    expect(res.body).not.toContain('id="odds-odds-sandbox"');
  });

  it("is for admins and analysts only", async () => {
    expect((await get("/admin/approval-odds/", admin)).statusCode).toBe(200);
    expect((await get("/admin/approval-odds/", moderator)).statusCode).toBe(403);
    const anonymous = await inject(app, { method: "GET", url: "/admin/approval-odds/" });
    expect(anonymous.statusCode).toBe(303);
  });
});

describe("the flag elsewhere in the back office", () => {
  it("marks the badly calibrated lender in the lenders' list, with a link to its chart", async () => {
    const res = await get("/admin/lenders/", admin);
    expect(res.statusCode).toBe(200);
    const item = (id: string) =>
      new RegExp(`<li class="card"><h2 id="lender-${id}">.*?</li>`, "s").exec(res.body)?.[0] ?? "";
    expect(item("odds-hopeful")).toContain(FLAG);
    expect(item("odds-hopeful")).toContain('href="/admin/approval-odds/#odds-odds-hopeful"');
    expect(item("odds-right")).not.toContain(FLAG);
    expect(item("odds-quiet")).not.toContain(FLAG);
  });

  it("marks it on the lender's own page", async () => {
    expect((await get("/admin/lenders/odds-hopeful/", admin)).body).toContain(FLAG);
    expect((await get("/admin/lenders/odds-right/", admin)).body).not.toContain(FLAG);
  });
});
