import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../accounts/sessions";
import { seedLeadRow } from "../funnel/seed-lead-row";
import { createInvoices, setLenderPrice } from "../invoices/invoices";
import {
  lenderSpec,
  namedUrl,
  setUpDecisionApp,
  startTestLender,
  type TestLender,
} from "../sandbox/lender.test-support";
import type { StoredDecisionStatus } from "../storage/schema";
import { appWith, onEachEngine, type TestStorage, testOutboundRules } from "../test-support";
import {
  type BreakerEvent,
  breakerDays,
  pruneBreakerEvents,
  recordBreakerEvent,
} from "./breaker-events";
import { NO_ANSWER } from "./decisions";
import { inviteLenderAccount } from "./lender-accounts";
import { importLenders } from "./lender-import";
import { LENDER_REALM, LENDER_SESSION_COOKIE } from "./lender-realm";
import { API_HOST, apiLender, licensedLender } from "./test-lenders";

/**
 * The lender portal's statistics and invoices (issue 34, decisions
 * 0419–0422) over HTTP on the real app, on both engines: a lender's
 * figures by Colombo day match the stored decisions, click-outs and
 * issued-loan postbacks (a Colombo midnight between them), its breaker's
 * stored changes by day, quiet days folded, the CSV of the same figures;
 * another lender's never shown; its own invoices as page, CSV and PDF, a
 * developer refused there; hostile queries answered 4xx. Then a real
 * lender on loopback that fails opens the breaker, and its changes are
 * stored and shown.
 */
const MINE = "harbour-api";
const OTHER = "ruhuna-harbour";
const NOW = new Date("2026-11-29T06:00:00.000Z");

async function memberCookie(
  storage: TestStorage["storage"],
  lenderId: string,
  role: "admin" | "developer",
  now: Date,
): Promise<string> {
  const email = `${role}@${lenderId}.example`;
  const { account } = await inviteLenderAccount(storage, { lenderId, email, role }, now);
  // Signed in with both factors, as enrolment leaves a member (lender-portal.http.test.ts walks it).
  await storage.db
    .updateTable("lender_accounts")
    .set({ totp_secret: "JBSWY3DPEHPK3PXP" })
    .where("id", "=", account.id)
    .execute();
  const token = await startSession(storage, LENDER_REALM, account.id, "signed_in", now);
  return `${LENDER_SESSION_COOKIE}=${token}`;
}

/** The figures of a day's row of the page: the five steps, then the breaker's two. */
function dayRow(html: string, day: string): number[] {
  const row = new RegExp(`<tr data-day="${day}">(.*?)</tr>`).exec(html)?.[1];
  if (!row) return [];
  return [...row.matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((match) => Number(match[1]));
}

function statsContract(engine: string, open: () => Promise<TestStorage>) {
  describe(`the lender portal's statistics and invoices on ${engine}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    const cookies = { admin: "", developer: "", other: "" };
    const invoices = { mine: "", other: "" };

    beforeAll(async () => {
      test = await open();
      const { db } = test.storage;
      await importLenders(test.storage, [apiLender(), licensedLender()], {
        urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
        allowSandbox: false,
        baseDir: ".",
      });
      // A lead a decision (one per lead and lender), all verified.
      await db
        .insertInto("leads")
        .values(
          ["a", "b", "c", "d", "e"].map((name) =>
            seedLeadRow(`lead-${name}`, "2026-11-19T18:00:00.000Z", {
              verified_at: "2026-11-19T18:00:00.000Z",
            }),
          ),
        )
        .execute();
      const decision = (
        id: string,
        lenderId: string,
        status: StoredDecisionStatus,
        askedAt: string,
        answeredAt: string | null,
      ) => ({
        decision_id: id.padEnd(22, "0"),
        lead_id: `lead-${{ d1: "a", d2: "b", d3: "c", d4: "d", d5: "e", o1: "a" }[id]}`,
        lender_id: lenderId,
        status,
        ...NO_ANSWER,
        error: status === "failed" ? "timeout" : null,
        attempts: 1,
        latency_ms: 100,
        asked_at: askedAt,
        deadline_at: askedAt,
        answered_at: answeredAt,
        decided_at: status === "approved" || status === "declined" ? answeredAt : null,
      });
      await db
        .insertInto("lender_decisions")
        .values([
          // Asked a second before Colombo's midnight, answered (approved) at it: two days.
          decision("d1", MINE, "approved", "2026-11-19T18:29:59.000Z", "2026-11-19T18:30:00.000Z"),
          decision("d2", MINE, "declined", "2026-11-20T05:00:00.000Z", "2026-11-20T05:00:01.000Z"),
          decision("d3", MINE, "pending", "2026-11-20T06:00:00.000Z", "2026-11-20T06:00:01.000Z"),
          // A timeout is asked, not answered.
          decision("d4", MINE, "failed", "2026-11-20T07:00:00.000Z", "2026-11-20T07:00:05.000Z"),
          decision("d5", MINE, "waiting", "2026-11-22T03:00:00.000Z", null),
          decision("o1", OTHER, "approved", "2026-11-20T05:00:00.000Z", "2026-11-20T05:00:01.000Z"),
        ])
        .execute();
      const click = (id: string, lender: string, at: string) => ({
        id,
        lead_id: "lead-a",
        offer_id: 9001,
        lender,
        attribution: "{}",
        created_at: at,
        partner_id: null,
      });
      await db
        .insertInto("clicks")
        .values([
          click("click-a", MINE, "2026-11-20T10:00:00.000Z"),
          // Colombo's midnight to the second: the 20th.
          click("click-b", MINE, "2026-11-19T18:30:00.000Z"),
          click("click-o", OTHER, "2026-11-20T10:00:00.000Z"),
        ])
        .execute();
      await db
        .insertInto("conversions")
        .values([
          {
            click_id: "click-a",
            status: "approved",
            amount: null,
            created_at: "2026-11-21T03:00:00.000Z",
          },
          {
            click_id: "click-a",
            status: "issued",
            amount: 50_000,
            created_at: "2026-11-21T04:00:00.000Z",
          },
          {
            click_id: "click-o",
            status: "issued",
            amount: 50_000,
            created_at: "2026-11-21T04:00:00.000Z",
          },
        ])
        .execute();
      // One instance open from 23:30 on the 20th (Colombo) for 40 minutes (its own next change
      // before its end), another for 30 seconds on the 21st; the other lender's open too.
      const at = (iso: string) => new Date(iso);
      const events: Omit<BreakerEvent, "seq">[] = [
        {
          lenderId: MINE,
          state: "open",
          at: at("2026-11-20T18:00:00.000Z"),
          openMs: 3_600_000,
          instance: "instance-one",
        },
        {
          lenderId: MINE,
          state: "half_open",
          at: at("2026-11-20T18:40:00.000Z"),
          instance: "instance-one",
        },
        {
          lenderId: MINE,
          state: "closed",
          at: at("2026-11-20T18:41:00.000Z"),
          instance: "instance-one",
        },
        {
          lenderId: MINE,
          state: "open",
          at: at("2026-11-21T01:00:00.000Z"),
          openMs: 30_000,
          instance: "instance-two",
        },
        {
          lenderId: OTHER,
          state: "open",
          at: at("2026-11-20T02:00:00.000Z"),
          openMs: 30_000,
          instance: "instance-one",
        },
      ];
      for (const [index, event] of events.entries()) {
        await recordBreakerEvent(test.storage, { ...event, seq: index + 1 });
      }
      // Its invoice for November: two click-outs at Rs. 100 (the other lender's at Rs. 200).
      const actor = { id: null, label: "command line" };
      for (const [lender, rupees] of [
        [MINE, 100],
        [OTHER, 200],
      ] as const) {
        await setLenderPrice(
          test.storage,
          { lender, model: "click", rupees, from: "2026-11-01" },
          { actor, now: NOW },
        );
      }
      const made = await createInvoices(test.storage, "2026-11", {
        actor,
        now: new Date("2026-12-02T00:00:00.000Z"),
      });
      invoices.mine = made.find((invoice) => invoice.lenderId === MINE)?.id ?? "";
      invoices.other = made.find((invoice) => invoice.lenderId === OTHER)?.id ?? "";
      app = appWith(test.storage, { now: () => NOW });
      cookies.admin = await memberCookie(test.storage, MINE, "admin", NOW);
      cookies.developer = await memberCookie(test.storage, MINE, "developer", NOW);
      cookies.other = await memberCookie(test.storage, OTHER, "admin", NOW);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const get = (url: string, cookie: string) =>
      inject(app, { method: "GET", url, headers: { cookie } });

    it("shows the lender's figures by Colombo day as stored, its breaker's, quiet days folded", async () => {
      const page = await get("/en/lender/portal/stats/", cookies.developer);
      expect(page.statusCode).toBe(200);
      // asked, answered, approved, click-outs, issued; times opened, minutes open.
      expect(dayRow(page.body, "2026-11-19")).toEqual([1, 0, 0, 0, 0, 0, 0]);
      expect(dayRow(page.body, "2026-11-20")).toEqual([3, 3, 1, 2, 0, 1, 30]);
      // 10 minutes of the first period, half a minute of the second: rounded up.
      expect(dayRow(page.body, "2026-11-21")).toEqual([0, 0, 0, 0, 1, 1, 11]);
      expect(dayRow(page.body, "2026-11-22")).toEqual([1, 0, 0, 0, 0, 0, 0]);
      expect(page.body).toContain("7 days with no applications (2026-11-23 to 2026-11-29)");
      expect(page.body).toContain("19 days with no applications (2026-10-31 to 2026-11-18)");
      expect(dayRow(page.body, "2026-11-25")).toEqual([]);
      const total = /<tr data-total="">(.*?)<\/tr>/.exec(page.body)?.[1] ?? "";
      expect([...total.matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((match) => Number(match[1]))).toEqual(
        [5, 3, 1, 2, 1, 2, 41],
      );
      // The latest changes, newest first.
      const states = [...page.body.matchAll(/<tr data-state="([a-z_]+)">/g)].map((m) => m[1]);
      expect(states).toEqual(["open", "closed", "half_open", "open"]);
      expect(page.body).toContain("instance");
      // The breaker's figures are the stored changes'.
      const stored = await breakerDays(test.storage, MINE, "2026-11-20", "2026-11-21", NOW);
      expect(Object.fromEntries(stored.days)).toEqual({
        "2026-11-20": { opened: 1, minutesOpen: 30 },
        "2026-11-21": { opened: 1, minutesOpen: 11 },
      });
    });

    it("never shows another lender's figures", async () => {
      const page = await get(
        "/en/lender/portal/stats/?from=2026-11-19&to=2026-11-22",
        cookies.other,
      );
      expect(page.statusCode).toBe(200);
      expect(dayRow(page.body, "2026-11-20")).toEqual([1, 1, 1, 1, 0, 1, 1]);
      expect(dayRow(page.body, "2026-11-21")).toEqual([0, 0, 0, 0, 1, 0, 0]);
      expect(page.body).not.toContain("instance-t");
    });

    it("gives the same figures as CSV, every day and the total", async () => {
      const csv = await get(
        "/en/lender/portal/stats/statistics.csv?from=2026-11-19&to=2026-11-23",
        cookies.admin,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(
        "attachment; filename=statistics-harbour-api-2026-11-19-2026-11-23.csv",
      );
      expect(csv.body).toBe(
        [
          "day,asked,answered,approved,clickouts,issued,breaker_opened,breaker_minutes_open",
          "2026-11-19,1,0,0,0,0,0,0",
          "2026-11-20,3,3,1,2,0,1,30",
          "2026-11-21,0,0,0,0,1,1,11",
          "2026-11-22,1,0,0,0,0,0,0",
          "2026-11-23,0,0,0,0,0,0,0",
          "total,5,3,1,2,1,2,41",
          "",
        ].join("\r\n"),
      );
    });

    it("answers a range it cannot show on the page, in the page's language, never a 5xx", async () => {
      for (const [query, problem] of [
        ["from=2026-02-31", "Enter the dates as YYYY-MM-DD"],
        ["from=yesterday&to=today", "Enter the dates as YYYY-MM-DD"],
        ["from=2026-11-01&from=2026-11-02", "Enter the dates as YYYY-MM-DD"],
        ["from=2026-11-29&to=2026-11-01", "The first day must not be after the last day."],
        ["from=2026-01-01&to=2026-11-29", "Choose at most 90 days."],
        [`to=${"9".repeat(5000)}`, "Enter the dates as YYYY-MM-DD"],
      ] as const) {
        const page = await get(`/en/lender/portal/stats/?${query}`, cookies.admin);
        expect(page.statusCode, query).toBe(400);
        expect(page.body).toContain(problem);
        expect(page.body).toContain('aria-invalid="true"');
      }
      const sinhala = await get(
        "/lender/portal/stats/?from=2026-11-29&to=2026-11-01",
        cookies.admin,
      );
      expect(sinhala.statusCode).toBe(400);
      expect(sinhala.body).toContain("පළමු දිනය අවසාන දිනයට පසුව නොවිය යුතුය.");
      expect(sinhala.body).toContain('value="2026-11-29"');
      const csv = await get(
        "/en/lender/portal/stats/statistics.csv?from=2026-13-01",
        cookies.admin,
      );
      expect(csv.statusCode).toBe(400);
      expect(csv.headers["content-type"]).toContain("text/html");
    });

    it("lists the lender's own invoices, each as a page, CSV and PDF; another's is unknown", async () => {
      const list = await get("/ta/lender/portal/invoices/", cookies.admin);
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(`href="/ta/lender/portal/invoices/${invoices.mine}/"`);
      expect(list.body).toContain("Rs. 200");
      expect(list.body).not.toContain(invoices.other);
      const page = await get(`/en/lender/portal/invoices/${invoices.mine}/`, cookies.admin);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Invoice for 2026-11");
      expect(page.body).toContain('data-total="200"');
      expect(page.body).toContain("click-a");
      const name = `invoice-harbour-api-2026-11-${invoices.mine.slice(0, 8)}`;
      const csv = await get(
        `/en/lender/portal/invoices/${invoices.mine}/invoice.csv`,
        cookies.admin,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename=${name}.csv`);
      expect(csv.body.split("\r\n").at(-2)).toBe("total,,,200");
      const pdf = await get(
        `/en/lender/portal/invoices/${invoices.mine}/invoice.pdf`,
        cookies.admin,
      );
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["content-disposition"]).toBe(`attachment; filename=${name}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      // Another lender's invoice is answered as an unknown one.
      for (const path of ["", "invoice.csv", "invoice.pdf"]) {
        const theirs = await get(
          `/en/lender/portal/invoices/${invoices.other}/${path}`,
          cookies.admin,
        );
        const unknown = await get(
          `/en/lender/portal/invoices/${"a".repeat(invoices.other.length)}/${path}`,
          cookies.admin,
        );
        expect(theirs.statusCode).toBe(404);
        expect(unknown.statusCode).toBe(404);
        // The same page but for the address in its language links.
        expect(theirs.body.replaceAll(invoices.other, "")).toBe(
          unknown.body.replaceAll("a".repeat(invoices.other.length), ""),
        );
      }
      expect((await get("/en/lender/portal/invoices/..%2F..%2Fx/", cookies.admin)).statusCode).toBe(
        404,
      );
    });

    it("refuses the developer the invoices, opens them the statistics; signed out, to the door", async () => {
      expect((await get("/en/lender/portal/invoices/", cookies.developer)).statusCode).toBe(403);
      expect(
        (await get(`/en/lender/portal/invoices/${invoices.mine}/invoice.pdf`, cookies.developer))
          .statusCode,
      ).toBe(403);
      const home = await get("/en/lender/portal/", cookies.developer);
      expect(home.body).toContain('href="/en/lender/portal/stats/"');
      expect(home.body).not.toContain('href="/en/lender/portal/invoices/"');
      const admin = await get("/en/lender/portal/", cookies.admin);
      expect(admin.body).toContain('href="/en/lender/portal/invoices/"');
      const anonymous = await get("/en/lender/portal/stats/", "");
      expect(anonymous.statusCode).toBe(303);
      expect(anonymous.headers.location).toBe("/en/lender/portal/");
    });

    it("prunes the breaker's changes of Colombo days more than 90 days old", async () => {
      const states = async () =>
        (
          await test.storage.db
            .selectFrom("lender_breaker_events")
            .select("state")
            .orderBy("at")
            .execute()
        ).map((row) => row.state);
      // 2027-02-19 keeps the 21st of November on: the two of the 20th (Colombo) go.
      expect(await pruneBreakerEvents(test.storage, new Date("2027-02-19T00:00:00.000Z"))).toBe(2);
      expect(await states()).toEqual(["half_open", "closed", "open"]);
      expect(await pruneBreakerEvents(test.storage, new Date("2027-02-19T18:30:00.000Z"))).toBe(3);
      expect(await states()).toEqual([]);
    });
  });
}

onEachEngine(statsContract);

describe("a lender whose decision URL fails, on loopback", () => {
  let clock = 0;
  let lender: TestLender | undefined;
  const context = setUpDecisionApp({
    breakerFailures: 2,
    breakerHalfOpenMs: 30_000,
    breakerTrials: 1,
    retries: 1,
    breakerClock: () => clock,
  });
  afterAll(async () => {
    await lender?.close();
  });

  it("stores its breaker's changes as they happen, and the portal shows them", async () => {
    let down = true;
    lender = await startTestLender(() =>
      down
        ? { status: 500, body: "down" }
        : { status: 200, body: { decision: "declined", reason: "policy" } },
    );
    await context.onlyLenders([lenderSpec("failing", namedUrl(lender), [960_101])]);
    const states = async () =>
      (
        await context.test.storage.db
          .selectFrom("lender_breaker_events")
          .select(["state", "until", "instance", "at"])
          .where("lender_id", "=", "failing")
          .orderBy("at")
          .orderBy("seq")
          .execute()
      ).map((row) => row.state);
    for (let index = 0; index < 2; index++) {
      await context.apply();
      await context.network.idle();
    }
    expect(context.network.breakerState("failing")).toBe("open");
    expect(await states()).toEqual(["open"]);
    const opened = await context.test.storage.db
      .selectFrom("lender_breaker_events")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Date.parse(opened.until ?? "") - Date.parse(opened.at)).toBe(30_000);
    // 30 s on, a trial that fails opens it again; the next one, once it is back, closes it.
    clock += 30_000;
    await context.apply();
    await context.network.idle();
    expect(await states()).toEqual(["open", "half_open", "open"]);
    down = false;
    clock += 30_000;
    await context.apply();
    await context.network.idle();
    expect(context.network.breakerState("failing")).toBe("closed");
    expect(await states()).toEqual(["open", "half_open", "open", "half_open", "closed"]);
    const instances = await context.test.storage.db
      .selectFrom("lender_breaker_events")
      .select("instance")
      .distinct()
      .execute();
    expect(instances).toHaveLength(1);

    const cookie = await memberCookie(context.test.storage, "failing", "developer", new Date());
    const page = await inject(context.app, {
      method: "GET",
      url: "/en/lender/portal/stats/",
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    const shown = [...page.body.matchAll(/<tr data-state="([a-z_]+)">/g)].map((m) => m[1]);
    expect(shown).toEqual(["closed", "half_open", "open", "half_open", "open"]);
    // Two openings today, each counted.
    const today = /<tr data-day="[^"]+">(.*?)<\/tr>/.exec(page.body)?.[1] ?? "";
    expect(
      [...today.matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((m) => Number(m[1])).slice(5, 6),
    ).toEqual([2]);
  });
});
