import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageVersion } from "../storage/page-version";
import { onEachEngine, type TestStorage, testOutboundRules } from "../test-support";
import { runLendersCommand } from "./cli";
import {
  CardImportError,
  findCreditCard,
  listCreditCards,
  removeCreditCard,
  saveCreditCards,
} from "./credit-cards";
import { freeTestCard, testCard } from "./test-cards";

/** The credit cards' catalogue (issue 21) in storage, and `npm run lenders -- cards …`. */
const folder = mkdtempSync(path.join(tmpdir(), "nayacompare-cards-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const full = path.join(folder, name);
  writeFileSync(full, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return full;
}

const actor = { id: "staff-1", label: "admin@example.com" };
const tool = { allowSandbox: false, urlRules: testOutboundRules({}) };

onEachEngine((engine, open) => {
  describe(`the credit cards' catalogue on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("starts empty: no sample card is written in", async () => {
      expect(await listCreditCards(test.storage)).toEqual([]);
      expect((await runLendersCommand(test.storage, ["cards", "list"], tool)).out).toEqual([
        "No cards yet: the credit cards page says so.",
      ]);
    });

    it("adds and replaces cards by id, in the page's order, touching the page version", async () => {
      const before = await pageVersion(test.storage.db);
      expect(await saveCreditCards(test.storage, [testCard()], actor)).toEqual({
        created: ["kithul-test-classic"],
        updated: [],
      });
      const touched = await pageVersion(test.storage.db);
      expect(touched).not.toBe(before);
      const changed = testCard({ annualFee: 3_000 });
      expect(await saveCreditCards(test.storage, [changed, freeTestCard()], actor)).toEqual({
        created: ["kithul-test-zero"],
        updated: ["kithul-test-classic"],
      });
      expect(await pageVersion(test.storage.db)).not.toBe(touched);
      expect(await listCreditCards(test.storage)).toEqual([freeTestCard(), changed]);
      expect(await findCreditCard(test.storage, "kithul-test-classic")).toEqual(changed);
      const entries = await test.storage.db
        .selectFrom("audit_log")
        .select(["action", "actor"])
        .where("subject", "=", "card:kithul-test-classic")
        .execute();
      expect(entries.map((entry) => entry.action).sort()).toEqual(["card.create", "card.update"]);
      expect(entries[0]?.actor).toBe("admin@example.com");
    });

    it("writes all of a file or nothing, naming every problem", async () => {
      const bad = [
        testCard({ id: "kithul-test-new" }),
        { ...testCard({ id: "kithul-test-bad" }), annualFee: -1, website: "http://x.example" },
        testCard({ id: "kithul-test-new" }),
      ];
      const error = await saveCreditCards(test.storage, bad, actor).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CardImportError);
      expect((error as CardImportError).problems).toEqual([
        expect.stringMatching(/^card 2 \(kithul-test-bad\): annualFee: /),
        "card 2 (kithul-test-bad): website: must be an https URL",
        "card 3 (kithul-test-new): id: kithul-test-new is in the file twice (also card 1 (kithul-test-new))",
      ]);
      expect(await findCreditCard(test.storage, "kithul-test-new")).toBeUndefined();
    });

    it("removes a card, audited", async () => {
      expect(await removeCreditCard(test.storage, "kithul-test-zero", actor)).toBe(true);
      expect(await removeCreditCard(test.storage, "kithul-test-zero", actor)).toBe(false);
      expect((await listCreditCards(test.storage)).map((card) => card.id)).toEqual([
        "kithul-test-classic",
      ]);
    });

    it("imports, lists, exports and removes through npm run lenders -- cards", async () => {
      const run = (...argv: string[]) => runLendersCommand(test.storage, argv, tool);
      const cardsFile = file("cards.json", { cards: [testCard(), freeTestCard()] });
      const imported = await run("cards", "import", cardsFile);
      expect(imported).toEqual({
        exitCode: 0,
        out: [
          `Imported 2 cards from ${cardsFile}.`,
          "  created: kithul-test-zero",
          "  updated: kithul-test-classic",
        ],
        err: [],
      });
      const listed = await run("cards", "list");
      expect(listed.out[0]).toMatch(/^id +issuer +card +annual fee +interest +cash advance/);
      expect(listed.out[1]).toMatch(
        /^kithul-test-zero +Kithul Test Bank +Test Zero +Rs\. 0 +30% +3% \(min Rs\. 500\) +2026-11-20$/,
      );
      const exported = JSON.parse((await run("cards", "export")).out.join("\n"));
      expect(exported).toEqual([freeTestCard(), testCard()]);
      // What export prints, import reads back unchanged.
      const again = await run("cards", "import", file("again.json", exported));
      expect(again.out[2]).toBe("  updated: kithul-test-zero, kithul-test-classic");

      const refused = await run("cards", "import", file("bad.json", [{ id: "Bad Id" }]));
      expect(refused.exitCode).toBe(1);
      expect(refused.err[0]).toMatch(/^Nothing was imported: \d+ problems\.$/);
      expect(refused.err).toContain(
        "  card 1 (Bad Id): id: use 1 to 40 lower-case letters, digits and hyphens",
      );

      expect(await run("cards", "remove", "kithul-test-zero")).toMatchObject({ exitCode: 0 });
      expect(await run("cards", "remove", "kithul-test-zero")).toEqual({
        exitCode: 1,
        out: [],
        err: ["No card kithul-test-zero."],
      });
      expect((await run("cards", "frobnicate")).exitCode).toBe(2);
      expect((await run("--help")).out[0]).toContain("cards import FILE");
    });
  });
});
