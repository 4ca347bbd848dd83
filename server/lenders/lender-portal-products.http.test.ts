import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWith,
  onEachEngine,
  silentLog,
  type TestStorage,
  testOutboundRules,
} from "../test-support";
import { openOfferCatalogue } from "./catalogue";
import { importLenders } from "./lender-import";
import { lenderPortalRequests } from "./lender-portal.test-support";
import { API_HOST, apiLender, licensedLender } from "./test-lenders";

/**
 * The lender portal's products (issue 34, decisions 0415–0416) over HTTP on
 * the real app, on both engines: an admin names a product in si, en and ta,
 * sees the borrower's card in each language with the typed names before
 * saving, saves, and the lender's page shows the names in each language at
 * once (its cached pages dropped); refused names come back inline as typed;
 * another lender's product is not found, a developer is refused, a forged
 * form too.
 */
const PRODUCTS = "/en/lender/portal/products/";

function productsContract(engine: string, open: () => Promise<TestStorage>) {
  describe(`the lender portal's products on ${engine}`, () => {
    let test: TestStorage;
    let app: ReturnType<typeof appWith>;
    const clock = new Date("2026-11-29T06:00:00.000Z");
    let admin = { cookie: "", csrf: "" };
    let developer = { cookie: "", csrf: "" };
    let otherAdmin = { cookie: "", csrf: "" };

    const { post, get, ...requests } = lenderPortalRequests(
      () => app,
      () => test,
    );
    /** A product's form sent by a member: its names and which button. */
    const names = (
      offer: string | number,
      typed: Record<string, string>,
      intent: "preview" | "save",
      who = admin,
    ) => post(`${PRODUCTS}${offer}`, { csrf: who.csrf, ...typed, intent }, { cookie: who.cookie });

    const enrol = async (email: string, lenderId: string, role: "admin" | "developer") => {
      const { cookie, csrf } = await requests.enrol(clock, email, lenderId, role);
      return { cookie, csrf };
    };

    /** A product's stored JSON. */
    const stored = async (offerId: number) =>
      JSON.parse(
        (
          await test.storage.db
            .selectFrom("lender_products")
            .select("offer")
            .where("offer_id", "=", offerId)
            .executeTakeFirstOrThrow()
        ).offer,
      ) as Record<string, unknown>;

    beforeAll(async () => {
      test = await open();
      await importLenders(test.storage, [licensedLender(), apiLender()], {
        urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
        allowSandbox: false,
        baseDir: ".",
      });
      const catalogue = await openOfferCatalogue(test.storage, silentLog, {
        withSandbox: false,
        refreshMs: 60_000,
      });
      catalogue.close();
      app = appWith(test.storage, {
        now: () => clock,
        catalogues: new Map([["lk", catalogue]]),
        // The default check: a change made here is seen at once (touchPages), not in a second.
        pageCache: { maxBytes: 5_000_000 },
      });
      admin = await enrol("admin@ruhuna.example", "ruhuna-harbour", "admin");
      developer = await enrol("dev@ruhuna.example", "ruhuna-harbour", "developer");
      otherAdmin = await enrol("admin@harbour.example", "harbour-api", "admin");
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("lists the lender's products with their names in si, en and ta and each one's card in every language", async () => {
      const page = await get(PRODUCTS, admin.cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h2 id="product-9001-title">Personal Loan 9001</h2>');
      expect(page.body).toContain('<h2 id="product-9002-title">Gold Saver 6</h2>');
      // Never another lender's.
      expect(page.body).not.toContain("Instant 90");
      for (const language of ["si", "en", "ta"]) {
        expect(page.body).toMatch(
          new RegExp(`<input [^>]*lang="${language}"[^>]*id="product-9001-${language}"`),
        );
      }
      expect(page.body).toMatch(/lang="ta"[^>]*name="ta" value=""/);
      // Three cards a product, the offers page's own, each in its language.
      expect(page.body.match(/class="lw-offer lead-offer"/g)).toHaveLength(6);
      for (const locale of ["si", "en", "ta"]) {
        expect(page.body).toContain(`<div class="lw-root" lang="${locale}">`);
      }
      // The page's one stylesheet (the cards' styles in it: seen in a browser), allowed by hash.
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? "";
      const hash = createHash("sha256").update(style).digest("base64");
      expect(page.headers["content-security-policy"]).toContain(`style-src 'sha256-${hash}'`);
      for (const [path, lang] of [
        ["/lender/portal/products/", "si"],
        ["/ta/lender/portal/products/", "ta"],
      ] as const) {
        const other = await get(path, admin.cookie);
        expect(other.statusCode).toBe(200);
        expect(other.body).toContain(`<html lang="${lang}"`);
      }
      // The admin's menu and home lead here.
      const home = await get("/en/lender/portal/", admin.cookie);
      expect(home.body).toContain(`href="${PRODUCTS}"`);
    });

    it("previews the typed names on the cards before saving, and writes nothing", async () => {
      const before = await stored(9001);
      const typed = { si: " පෞද්ගලික ණය ", en: "Everyday Loan", ta: "அன்றாடக் கடன்" };
      const preview = await names(9001, typed, "preview");
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain("The cards show the names you typed. They are not saved yet.");
      for (const name of ["පෞද්ගලික ණය", "Everyday Loan", "அன்றாடக் கடன்"]) {
        expect(preview.body).toContain(`class="lw-offer-title">${name}</h3>`);
        expect(preview.body).toContain(`value="${name}"`);
      }
      expect(await stored(9001)).toEqual(before);
      // Without a Tamil name, the Tamil card shows the English one, marked as English.
      const noTamil = await names(9001, { ...typed, ta: "" }, "preview");
      expect(noTamil.body).toContain('class="lw-offer-title" lang="en">Everyday Loan</h3>');
    });

    it("saves the names, audited, and the lender's page shows them in each language at once", async () => {
      // The lender's pages are in the page cache before the change.
      for (const path of ["/lenders/ruhuna-harbour/", "/en/lenders/ruhuna-harbour/"]) {
        expect((await get(path)).body).toContain("Personal Loan 9001");
      }
      const before = await stored(9001);
      const typed = { si: "දෛනික ණය ", en: " Everyday Loan", ta: "அன்றாடக் கடன்" };
      const saved = await names(9001, typed, "save");
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toBe(`${PRODUCTS}?saved=9001#product-9001`);
      const after = await stored(9001);
      // Only the names: the header (the feed's key) and every term stay the operator's.
      expect(after).toEqual({
        ...before,
        headers: { si: "දෛනික ණය", en: "Everyday Loan", ta: "அன்றாடக் கடன்" },
      });
      expect(after.header).toBe("Personal Loan 9001");
      const page = await get(`${PRODUCTS}?saved=9001`, admin.cookie);
      expect(page.body).toContain("The names are saved.");
      expect(page.body).toContain('value="දෛනික ණය"');
      for (const [path, name] of [
        ["/lenders/ruhuna-harbour/", "දෛනික ණය"],
        ["/en/lenders/ruhuna-harbour/", "Everyday Loan"],
        ["/ta/lenders/ruhuna-harbour/", "அன்றாடக் கடன்"],
      ] as const) {
        const lenderPage = await get(path);
        expect(lenderPage.statusCode).toBe(200);
        expect(lenderPage.body).toContain(name);
      }
      const audit = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", "lender:ruhuna-harbour")
        .where("actor", "=", "lender ruhuna-harbour")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.action).toBe("lender.update");
      expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({
        product: 9001,
        headers: { si: "දෛනික ණය", en: "Everyday Loan", ta: "அன்றாடக் கடன்" },
      });
      expect(audit[0]?.actor_id).toMatch(/^lender:/);
    });

    it("refuses an empty Sinhala or English name, one over 100 characters and a control character, inline, as typed", async () => {
      const before = await stored(9002);
      const cases: [Record<string, string>, string, string][] = [
        [{ si: " ", en: "Gold", ta: "" }, "si", "Give the name in this language."],
        [{ si: "රන්", en: "", ta: "" }, "en", "Give the name in this language."],
        [{ si: "රන්", en: "G".repeat(101), ta: "" }, "en", "Use at most 100 characters."],
        [{ si: "රන්", en: "Gold", ta: "த".repeat(101) }, "ta", "Use at most 100 characters."],
        [
          { si: "රන්", en: "Gold\tSaver", ta: "" },
          "en",
          "Remove the control character (such as a tab or a line break) from the name.",
        ],
        [
          { si: "රන්\u0085", en: "Gold", ta: "" },
          "si",
          "Remove the control character (such as a tab or a line break) from the name.",
        ],
      ];
      for (const [typed, field, problem] of cases) {
        for (const intent of ["save", "preview"] as const) {
          const refused = await names(9002, typed, intent);
          expect(refused.statusCode, `${field} ${intent}`).toBe(400);
          expect(refused.body).toContain("The names were not saved. Correct the marked fields.");
          expect(refused.body).toContain(
            `<span class="field-error" id="product-9002-${field}-error">${problem}</span>`,
          );
          expect(refused.body).toMatch(
            new RegExp(`id="product-9002-${field}"[^>]*aria-invalid="true"`),
          );
          // Everything typed comes back, and no card shows a refused name.
          for (const value of Object.values(typed).filter((text) => text.trim())) {
            expect(refused.body).toContain(`value="${value}"`);
          }
          expect(refused.body.match(/class="lw-offer lead-offer"/g)).toHaveLength(3);
        }
      }
      // U+0000 is refused before any route reads the form, as on every form (decision 0340).
      const nul = await names(9002, { si: "රන්\u0000", en: "Gold", ta: "" }, "save");
      expect(nul.statusCode).toBe(400);
      expect(await stored(9002)).toEqual(before);
    });

    it("finds no other lender's product, and refuses a developer and a forged form", async () => {
      const before = await stored(9001);
      const taken = { si: "වෙනත්", en: "Taken Over", ta: "" };
      const foreign = await names(9001, taken, "save", otherAdmin);
      expect(foreign.statusCode).toBe(404);
      const otherPage = await get(PRODUCTS, otherAdmin.cookie);
      expect(otherPage.body).toContain("Instant 90");
      expect(otherPage.body).not.toContain("Personal Loan 9001");
      for (const path of ["0", "abc", "9001x", "99999"]) {
        const unknown = await names(path, taken, "save");
        expect(unknown.statusCode, path).toBe(404);
      }
      // The developer: not in the menu, the page and the form refused.
      const home = await get("/en/lender/portal/", developer.cookie);
      expect(home.body).not.toContain(`href="${PRODUCTS}"`);
      expect((await get(PRODUCTS, developer.cookie)).statusCode).toBe(403);
      const byDeveloper = await names(9001, taken, "save", developer);
      expect(byDeveloper.statusCode).toBe(403);
      // No CSRF token, another member's, another site's form, no session.
      const form = { ...taken, intent: "save" };
      const forged = [
        await post(`${PRODUCTS}9001`, form, { cookie: admin.cookie }),
        await post(`${PRODUCTS}9001`, { ...form, csrf: developer.csrf }, { cookie: admin.cookie }),
        await post(
          `${PRODUCTS}9001`,
          { ...form, csrf: admin.csrf },
          { cookie: admin.cookie, origin: "https://elsewhere.example" },
        ),
        await post(`${PRODUCTS}9001`, { ...form, csrf: admin.csrf }, {}),
      ];
      expect(forged.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
      expect((await get(PRODUCTS)).statusCode).toBe(303);
      expect(await stored(9001)).toEqual(before);
    });
  });
}

onEachEngine(productsContract);
