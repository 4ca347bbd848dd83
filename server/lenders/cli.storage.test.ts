import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage, testOutboundRules } from "../test-support";
import { runLendersCommand } from "./cli";
import { readVisibleOffers, seedSampleLenders } from "./lenders";
import { API_HOST, apiLender, licensedLender, TINY_PNG_BASE64, testProduct } from "./test-lenders";

/** The lenders tool's commands on a real storage (cli-main.ts only opens it and seeds it). */
const folder = mkdtempSync(path.join(tmpdir(), "nayacompare-lenders-tool-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const full = path.join(folder, name);
  writeFileSync(full, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return full;
}
writeFileSync(path.join(folder, "harbour.png"), Buffer.from(TINY_PNG_BASE64, "base64"));

const tool = {
  allowSandbox: false,
  urlRules: testOutboundRules({ [API_HOST]: ["192.0.2.10"] }),
};

function lendersToolContract(name: string, open: () => Promise<TestStorage>) {
  describe(`npm run lenders on ${name}`, () => {
    let test: TestStorage;
    const run = (...argv: string[]) => runLendersCommand(test.storage, argv, tool);
    beforeAll(async () => {
      test = await open();
      await seedSampleLenders(test.storage);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("imports a file of lenders, with a logo beside it, and says when servers see them", async () => {
      const imported = await run(
        "import",
        file("lenders.json", [licensedLender({ logo: "harbour.png" }), apiLender()]),
      );
      expect(imported).toMatchObject({ exitCode: 0, err: [] });
      expect(imported.out).toEqual([
        `Imported 2 lenders from ${path.join(folder, "lenders.json")}.`,
        "  created: ruhuna-harbour, harbour-api",
        "  updated: none",
        "Running servers show the change within 30 seconds: they read the lenders again that often.",
      ]);
      const one = await run("import", file("one.json", licensedLender({ logo: undefined })));
      expect(one.out.slice(0, 3)).toEqual([
        `Imported 1 lender from ${path.join(folder, "one.json")}.`,
        "  created: none",
        "  updated: ruhuna-harbour",
      ]);
    });

    it("lists lenders as a table: id, status, mode, licence, products, cap", async () => {
      const listed = await run("list");
      expect(listed.out[0]).toMatch(/^id +status +mode +licence +products +cap$/);
      expect(listed.out).toContainEqual(
        expect.stringMatching(/^kandy-lane +live +criteria +sample +1 +none$/),
      );
      expect(listed.out).toContainEqual(
        expect.stringMatching(
          /^ruhuna-harbour +live +criteria +CBSL finance company LFC-0042 +2 +500$/,
        ),
      );
      expect(listed.out).toContainEqual(
        expect.stringMatching(
          /^harbour-api +live +api +CBSL microfinance company LMFC-0007 +1 +500$/,
        ),
      );
      const json = JSON.parse((await run("list", "--json")).out.join("\n"));
      expect(json).toHaveLength(14);
      expect(json.find((lender: { id: string }) => lender.id === "ruhuna-harbour")).toMatchObject({
        logo: true,
      });
    });

    it("exports the format import reads, secrets only when asked", async () => {
      const exported = (await run("export")).out.join("\n");
      expect(exported).not.toContain(apiLender().secret);
      expect(exported).not.toContain("data:image/png");
      const records = JSON.parse(exported);
      expect(records.find((record: { id: string }) => record.id === "ruhuna-harbour")).toEqual(
        licensedLender(),
      );
      const full = (await run("export", "--with-secrets", "--with-logos")).out.join("\n");
      expect(full).toContain(apiLender().secret);
      expect(full).toContain(`data:image/png;base64,${TINY_PNG_BASE64}`);
      // Back in as it came out: nothing changes.
      expect((await run("import", file("export.json", full))).exitCode).toBe(0);
      expect((await run("export", "--with-secrets", "--with-logos")).out.join("\n")).toBe(full);
    });

    it("pauses a lender and makes it live again, and a lender without a licence stays off", async () => {
      const paused = await run("pause", "ruhuna-harbour");
      expect(paused).toMatchObject({
        exitCode: 0,
        out: expect.arrayContaining(["ruhuna-harbour is now paused."]),
      });
      const visible = async () => (await readVisibleOffers(test.storage)).map((o) => o.offer_id);
      expect(await visible()).not.toContain(9001);
      expect((await run("live", "ruhuna-harbour")).exitCode).toBe(0);
      expect(await visible()).toContain(9001);

      const draft = {
        ...licensedLender({ id: "unlicensed", status: "draft" }),
        licence: undefined,
      };
      await run("import", file("draft.json", { ...draft, products: [testProduct(9501)] }));
      const refused = await run("live", "unlicensed");
      expect(refused).toEqual({
        exitCode: 1,
        out: [],
        err: [
          "unlicensed has no licence: set its regulator, category and number before it goes live.",
        ],
      });
      expect(await visible()).not.toContain(9501);
      expect((await run("pause", "nobody")).err).toEqual(['There is no lender "nobody".']);
    });

    it("refuses a file with problems, naming each, and writes nothing", async () => {
      const before = (await run("export", "--with-secrets")).out;
      const refused = await run(
        "import",
        file("bad.json", [
          licensedLender({ legalName: "Not written" }),
          { ...licensedLender({ id: "Bad Id" }), website: "http://x.example" },
          apiLender({ id: "steals", products: [testProduct(101)] }),
        ]),
      );
      expect(refused).toEqual({
        exitCode: 1,
        out: [],
        err: [
          "Nothing was imported: 2 problems.",
          "  record 2 (Bad Id): id: use 1 to 40 lower-case letters, digits and hyphens",
          "  record 2 (Bad Id): website: must be an https URL",
        ],
      });
      const stealing = await run(
        "import",
        file("steal.json", apiLender({ id: "steals", products: [testProduct(101)] })),
      );
      expect(stealing.err).toEqual([
        "Nothing was imported: 1 problem.",
        "  record 1 (steals): products.0.offer_id: 101 is kandy-lane's; an offer id is never another lender's",
      ]);
      expect((await run("import", file("broken.json", "{ not json"))).err[0]).toBe(
        "Nothing was imported: 1 problem.",
      );
      expect((await run("import", path.join(folder, "missing.json"))).err[1]).toBe(
        `  Cannot read ${path.join(folder, "missing.json")}.`,
      );
      expect((await run("export", "--with-secrets")).out).toEqual(before);
    });

    it("writes the audit log as the command line: imports, live and pause, never a secret", async () => {
      const entries = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "in", ["lender:ruhuna-harbour", "lender:harbour-api"])
        .orderBy("at")
        .execute();
      const actions = new Set(entries.map((entry) => entry.action));
      expect(actions).toEqual(
        new Set(["lender.create", "lender.update", "lender.pause", "lender.live"]),
      );
      expect(
        entries.every((entry) => entry.actor === "command line" && entry.actor_id === null),
      ).toBe(true);
      const created = entries.find(
        (entry) => entry.action === "lender.create" && entry.subject === "lender:harbour-api",
      );
      expect(JSON.parse(created?.after ?? "{}")).toMatchObject({
        decision_mode: "api",
        secret_set: true,
      });
      expect(JSON.stringify(entries)).not.toContain(apiLender().secret as string);
    });

    it("answers mistakes with the usage and exit code 2", async () => {
      expect((await run()).exitCode).toBe(2);
      expect((await run("--help")).exitCode).toBe(0);
      for (const argv of [
        ["import"],
        ["import", "a", "b"],
        ["live"],
        ["list", "x"],
        ["frobnicate"],
        ["export", "--secrets"],
      ]) {
        const outcome = await run(...argv);
        expect(outcome.exitCode, argv.join(" ")).toBe(2);
        expect(outcome.err.at(-1), argv.join(" ")).toContain("Usage: npm run lenders");
      }
    });
  });
}

onEachEngine(lendersToolContract);
