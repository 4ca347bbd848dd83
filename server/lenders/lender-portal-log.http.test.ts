import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { colomboDayStart } from "../../core/helpers/dates";
import { startSession } from "../accounts/sessions";
import { eraseContact } from "../erasure";
import { createVerifiedLead } from "../partners/leads.test-support";
import { appWith, onEachEngine, type TestStorage, testOutboundRules } from "../test-support";
import { DECISION_LOG_PAGE_SIZE, decisionLogWindow } from "./decision-log";
import { beginDecisions, NO_ANSWER } from "./decisions";
import { inviteLenderAccount } from "./lender-accounts";
import { importLenders } from "./lender-import";
import { LENDER_REALM, LENDER_SESSION_COOKIE } from "./lender-realm";
import { API_HOST, apiLender, testProduct } from "./test-lenders";

/**
 * The lender portal's decision log (issue 34, decision 0406) over HTTP on
 * the real app, on both engines: a member sees their own lender's
 * applications of the last 90 Colombo days only (list, detail, CSV), by
 * status and days, each with the fields its request carried (the lender's
 * api_fields, none of an erased applicant), the CSV formula-safe; bad or
 * hostile filters answered on the page or clamped, never a 5xx.
 */
const ORIGIN = "https://nayacompare.test";
const LOG = "/en/lender/portal/log/";
const NOW = new Date("2026-11-29T06:00:00.000Z");
const WINDOW_START = colomboDayStart(decisionLogWindow(NOW).from);
const application = applicationSchema(TEST_TODAY).parse(validApplication);

const decode = (html: string) =>
  html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

function logContract(engine: string, open: () => Promise<TestStorage>) {
  describe(`the lender portal's decision log on ${engine}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    let phone = 0;
    /** Each decision made here, by lender: its id and what it stands for. */
    const made: { lender: string; id: string; note: string; phone: string }[] = [];
    let developer = "";
    let admin = "";
    let otherLender = "";

    const get = (url: string, cookie = "") =>
      inject(app, { method: "GET", url, headers: { cookie } });

    /**
     * An invited member signed in with both factors, set up in storage (enrolment and sign-in
     * through the pages are lender-portal.http.test.ts's): their session's cookie.
     */
    async function member(email: string, lenderId: string, role: "admin" | "developer") {
      await inviteLenderAccount(test.storage, { lenderId, email, role }, NOW);
      await test.storage.db
        .updateTable("lender_accounts")
        .set({ totp_secret: "JBSWY3DPEHPK3PXP" })
        .where("email", "=", email)
        .execute();
      const { id } = await test.storage.db
        .selectFrom("lender_accounts")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const token = await startSession(test.storage, LENDER_REALM, id, "signed_in", NOW);
      return `${LENDER_SESSION_COOKIE}=${token}`;
    }

    /** A verified application asked of both lenders at `askedAt`, its rows then set as `set`. */
    async function asked(
      askedAt: Date,
      note: string,
      set: Record<string, unknown> = {},
    ): Promise<void> {
      phone += 1;
      const mobile = `+9477${String(4_000_000 + phone).padStart(7, "0")}`;
      const lead = await createVerifiedLead(test.storage, { ...application, phone: mobile }, [], {
        now: askedAt,
      });
      const targets = await beginDecisions(test.storage, {
        leadId: lead.verifiedLeadId,
        locale: "en",
        now: askedAt,
        deadlineMs: 3_000,
        callbackUrl: `${ORIGIN}/api/lenders/v1/decisions`,
        consentText: () => "I agree.",
        withSandbox: false,
      });
      expect(targets.map((target) => target.lenderId).sort()).toEqual(["harbour-api", "other-api"]);
      for (const target of targets) {
        made.push({ lender: target.lenderId, id: target.decisionId, note, phone: mobile });
        await test.storage.db
          .updateTable("lender_decisions")
          .set({ attempts: 1, latency_ms: 120, ...set })
          .where("decision_id", "=", target.decisionId)
          .execute();
      }
    }
    const idOf = (note: string, lender = "harbour-api") =>
      made.find((one) => one.note === note && one.lender === lender)?.id ?? "";

    beforeAll(async () => {
      test = await open();
      await importLenders(
        test.storage,
        [
          apiLender(),
          apiLender({
            id: "other-api",
            names: { en: "Other Quick Loans", si: "වෙනත් ක්ෂණික ණය" },
            legalName: "Other Quick Loans (Private) Limited",
            licence: {
              regulator: "CBSL",
              category: "licensed_microfinance_company",
              number: "LMFC-0008",
            },
            decision: {
              mode: "api",
              url: `https://${API_HOST}/v2/decisions`,
              fields: ["fullName", "nic", "phone"],
              concurrency: 8,
              deadlineMs: 2_500,
            },
            products: [testProduct(9201, "Other 90")],
          }),
        ],
        {
          urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
          allowSandbox: false,
          baseDir: ".",
        },
      );
      app = appWith(test.storage, { now: () => NOW });
      const day = 86_400_000;
      await asked(new Date(WINDOW_START), "first instant", {
        status: "approved",
        amount: 45_000,
        term_days: 120,
      });
      await asked(new Date(Date.parse(WINDOW_START) - 1), "a moment too old", {
        status: "declined",
        reason: "income_too_low",
      });
      await asked(new Date(NOW.getTime() - 2 * day), "declined", {
        status: "declined",
        reason: "income_too_low",
      });
      await asked(new Date(NOW.getTime() - day), "invalid", {
        status: "failed",
        error: "invalid_answer",
        broken_rule: "interest_rate",
      });
      await asked(new Date(NOW.getTime() - 60_000), "formula", {
        status: "failed",
        error: '=HYPERLINK("https://evil.example","x")',
      });
      await asked(new Date(NOW.getTime() - 30_000), "erased");
      developer = await member("dev@harbour.example", "harbour-api", "developer");
      admin = await member("admin@harbour.example", "harbour-api", "admin");
      otherLender = await member("dev@other.example", "other-api", "developer");
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("lists the member's own lender's applications of the last 90 days, newest first", async () => {
      for (const cookie of [developer, admin]) {
        const page = await get(LOG, cookie);
        expect(page.statusCode).toBe(200);
        expect(page.headers["cache-control"]).toBe("no-store");
        const listed = [
          ...page.body.matchAll(/href="\/en\/lender\/portal\/log\/([\w-]{22})"/g),
        ].map((match) => match[1]);
        expect(listed).toEqual(
          ["erased", "formula", "invalid", "declined", "first instant"].map((note) => idOf(note)),
        );
        expect(page.body).toContain("interest_rate");
        expect(page.body).toContain("income_too_low");
        expect(page.body).toContain("Rs. 45,000 for 120 days");
        expect(page.body).toContain("5 applications");
        // Nothing of the other lender's, nor of the row a moment older than the window.
        for (const { id } of made.filter((one) => one.lender === "other-api")) {
          expect(page.body).not.toContain(id);
        }
        expect(page.body).not.toContain(idOf("a moment too old"));
      }
      const other = await get(LOG, otherLender);
      expect(other.body).toContain(idOf("declined", "other-api"));
      expect(other.body).not.toContain(idOf("declined"));
      // The menu and the home page lead to it.
      expect((await get("/en/lender/portal/", developer)).body).toContain(`href="${LOG}"`);
    });

    it("filters by status and by days, within the window", async () => {
      const declined = await get(`${LOG}?status=declined`, developer);
      expect(declined.statusCode).toBe(200);
      expect(declined.body).toContain(idOf("declined"));
      expect(declined.body).not.toContain(idOf("invalid"));
      expect(declined.body).not.toContain(idOf("a moment too old"));
      const firstDay = decisionLogWindow(NOW).from;
      const edge = await get(`${LOG}?from=${firstDay}&to=${firstDay}`, developer);
      expect(edge.statusCode).toBe(200);
      expect(edge.body).toContain(idOf("first instant"));
      expect(edge.body).toContain("1 applications");
      const failed = await get(`${LOG}?status=failed&from=2026-11-28&to=2026-11-29`, developer);
      expect(failed.body).toContain(idOf("invalid"));
      expect(failed.body).toContain(idOf("formula"));
      expect(failed.body).not.toContain(idOf("erased"));
      // The CSV link keeps the filters, and only them.
      expect(decode(failed.body)).toContain(
        `href="${LOG}decisions.csv?status=failed&from=2026-11-28&to=2026-11-29"`,
      );
    });

    it("answers bad and hostile filters on the page or clamps them, never a 5xx", async () => {
      const cases: [string, number, string?][] = [
        ["?from=9999-12-31&to=9999-12-31", 400, "the log keeps the last 90 days"],
        ["?from=2026-02-30", 400, "Enter both days as dates."],
        ["?from=2026-11-29&to=2026-11-01", 400, "must not be after"],
        ["?from=1000-01-01", 400, "the log keeps the last 90 days"],
        ["?status=everything", 400, "Choose a status from the list."],
        ["?status=failed&status=declined", 400, "Choose a status from the list."],
        ["?from=2026-11-01&from=2026-11-02", 400, "Enter both days as dates."],
        ["?status=%00", 400],
        [`?from=${"9".repeat(5000)}`, 400, "Enter both days as dates."],
        ["?page=99999999999999999999999999", 200, "Page 1 of 1"],
        ["?page=-3", 200, "Page 1 of 1"],
        ["?page=1&page=2", 200, "Page 1 of 1"],
        ["?page[]=2&status[]=x", 200, "Page 1 of 1"],
      ];
      for (const [query, status, text] of cases) {
        for (const path of [LOG, `${LOG}decisions.csv`]) {
          const answer = await get(`${path}${query}`, developer);
          expect([query, path, answer.statusCode]).toEqual([query, path, status]);
          if (text && path === LOG) expect(answer.body).toContain(text);
        }
      }
      // A bad date keeps what was typed, beside the field.
      const typed = await get(`${LOG}?from=2026-13-01`, developer);
      expect(typed.body).toContain('value="2026-13-01"');
      expect(typed.body).toContain('id="range-error"');
    });

    it("shows one application with exactly the fields the lender was sent; 404 for another's", async () => {
      const own = await get(`${LOG}${idOf("declined")}`, developer);
      expect(own.statusCode).toBe(200);
      const sent = /<pre class="lender-sent">([^<]*)<\/pre>/.exec(own.body)?.[1] ?? "";
      const fields = JSON.parse(decode(sent)) as {
        loan: Record<string, unknown>;
        applicant: Record<string, unknown>;
      };
      // harbour-api's api_fields, nothing more.
      expect(Object.keys(fields.applicant).sort()).toEqual(
        ["age", "birthDate", "employment", "monthlyIncome"].sort(),
      );
      expect(fields.applicant.birthDate).toBe(application.birthDate);
      expect(fields.loan).toEqual({ amount: 50_000, termDays: 91, purpose: "medical" });
      expect(own.body).not.toContain("Kamal");
      expect(own.body).not.toContain("853400937");
      // A field the lender lists only later never shows on an application it was not sent with.
      const { api_fields } = await test.storage.db
        .selectFrom("lenders")
        .select("api_fields")
        .where("id", "=", "harbour-api")
        .executeTakeFirstOrThrow();
      await test.storage.db
        .updateTable("lenders")
        .set({ api_fields: JSON.stringify(["fullName", "nic", "phone", "age"]) })
        .where("id", "=", "harbour-api")
        .execute();
      const later = await get(`${LOG}${idOf("declined")}`, developer);
      expect(later.body).not.toContain("Kamal");
      expect(later.body).not.toContain("853400937");
      expect(decode(later.body)).toContain('"birthDate"');
      await test.storage.db
        .updateTable("lenders")
        .set({ api_fields })
        .where("id", "=", "harbour-api")
        .execute();
      // A row asked before the fields were recorded (migration 0033) shows none of its applicant.
      await test.storage.db
        .updateTable("lender_decisions")
        .set({ sent_fields: null })
        .where("decision_id", "=", idOf("first instant"))
        .execute();
      const unrecorded = await get(`${LOG}${idOf("first instant")}`, developer);
      const none = /<pre class="lender-sent">([^<]*)<\/pre>/.exec(unrecorded.body)?.[1] ?? "";
      expect((JSON.parse(decode(none)) as { applicant: object }).applicant).toEqual({});
      // The other lender's member sees its own selection of the same application.
      const theirs = await get(`${LOG}${idOf("declined", "other-api")}`, otherLender);
      expect(decode(theirs.body)).toContain('"fullName": "Kamal Perera"');
      expect(theirs.body).not.toContain("birthDate");
      // Another lender's id, an unknown one and one older than the window answer alike.
      const refused = [
        idOf("declined", "other-api"),
        "AAAAAAAAAAAAAAAAAAAAAA",
        idOf("a moment too old"),
        "not-an-id",
      ];
      for (const id of refused) {
        const answer = await get(`${LOG}${id}`, developer);
        expect(answer.statusCode).toBe(404);
        expect(answer.body.replaceAll(id, "")).toBe(
          (await get(`${LOG}AAAAAAAAAAAAAAAAAAAAAA`, developer)).body.replaceAll(
            "AAAAAAAAAAAAAAAAAAAAAA",
            "",
          ),
        );
      }
    });

    it("says an erased applicant's data is gone and shows none of it", async () => {
      const erasedPhone = made.find((one) => one.note === "erased")?.phone ?? "";
      await eraseContact(test.storage, { phone: erasedPhone }, { now: NOW });
      for (const [cookie, lender] of [
        [developer, "harbour-api"],
        [otherLender, "other-api"],
      ] as const) {
        const page = await get(`${LOG}${idOf("erased", lender)}`, cookie);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain("has had their personal data erased");
        expect(page.body).not.toContain("lender-sent");
        expect(page.body).not.toContain("Kamal");
      }
    });

    it("downloads the filtered list as CSV: the list's columns only, formula-safe, own rows only", async () => {
      const csv = await get(`${LOG}decisions.csv?status=failed`, developer);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers["content-disposition"]).toBe(
        "attachment; filename=decisions-harbour-api-2026-09-01-2026-11-29.csv",
      );
      const lines = csv.body.trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "decision_id,status,asked_at,latency_ms,attempts,error,reason,broken_rule,amount,term_days",
      );
      // An id starting with "-" (base64url) gets the same ' in front as any cell a spreadsheet
      // would read as a formula.
      expect(lines.slice(1).map((line) => line.split(",")[0]?.replace(/^'-/, "-"))).toEqual([
        idOf("formula"),
        idOf("invalid"),
      ]);
      // The stored code that would be a formula is defused and quoted.
      expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
      expect(lines[2]).toContain(",invalid_answer,,interest_rate,,");
      expect(lines[2]).toContain(",2026-11-28T11:30:00+05:30,120,1,");
      const all = await get(`${LOG}decisions.csv`, developer);
      expect(all.body.trimEnd().split("\r\n")).toHaveLength(6);
      for (const { id } of made.filter((one) => one.lender === "other-api")) {
        expect(all.body).not.toContain(id);
      }
      expect(all.body).not.toContain(idOf("a moment too old"));
      expect(all.body).not.toContain("Kamal");
      expect(all.body).not.toContain("+9477");
    });

    it("pages the list, the pages' links naming only status and days", async () => {
      const many = DECISION_LOG_PAGE_SIZE + 1;
      for (let index = 0; index < many; index += 1) {
        phone += 1;
        const mobile = `+9477${String(4_000_000 + phone).padStart(7, "0")}`;
        const lead = await createVerifiedLead(test.storage, { ...application, phone: mobile }, [], {
          now: NOW,
        });
        await test.storage.db
          .insertInto("lender_decisions")
          .values({
            decision_id: `page${String(index).padStart(18, "0")}`,
            lead_id: lead.verifiedLeadId,
            lender_id: "harbour-api",
            status: "waiting",
            ...NO_ANSWER,
            attempts: 0,
            latency_ms: null,
            asked_at: new Date(NOW.getTime() - 10 * 86_400_000 + index).toISOString(),
            deadline_at: NOW.toISOString(),
            answered_at: null,
            decided_at: null,
          })
          .execute();
      }
      const first = await get(`${LOG}?status=waiting`, developer);
      expect(first.body).toContain("Page 1 of 2");
      const next = decode(/<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(first.body)?.[1] ?? "");
      const from = decisionLogWindow(NOW).from;
      expect(next).toBe(`${LOG}?status=waiting&from=${from}&to=2026-11-29&page=2`);
      const second = await get(next, developer);
      expect(second.body).toContain("Page 2 of 2");
      // Newest first: the erased application's row, then these; the oldest two on page 2.
      expect(first.body).toContain(idOf("erased"));
      expect(second.body).toContain(`page${"0".repeat(18)}`);
      expect(second.body).toContain(`page${"0".repeat(17)}1`);
      expect(second.body).not.toContain(`page${"0".repeat(17)}2`);
      const huge = await get(`${LOG}?status=waiting&page=123456789`, developer);
      expect(huge.body).toContain("Page 2 of 2");
    });

    it("sends a signed-out visitor to sign in, in every language", async () => {
      for (const base of ["/lender/portal/", "/en/lender/portal/", "/ta/lender/portal/"]) {
        for (const path of ["log/", "log/decisions.csv", `log/${idOf("declined")}`]) {
          const answer = await get(`${base}${path}`);
          expect(answer.statusCode).toBe(303);
          expect(answer.headers.location).toBe(base);
        }
      }
      const si = await get("/lender/portal/log/", developer);
      expect(si.body).toContain("තීරණ ලොගය");
      const ta = await get("/ta/lender/portal/log/", developer);
      expect(ta.body).toContain("முடிவுப் பதிவேடு");
    });
  });
}

onEachEngine(logContract);
