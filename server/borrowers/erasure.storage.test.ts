import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { onEachEngine, openTestSqlite, type TestStorage } from "../test-support";
import { createVerifiedLead } from "./applicant.test-support";
import { recordClick } from "./clicks";
import { eraseContact } from "./erasure";
import { createLead, findLead } from "./leads";

const offers = loadCatalogues().get("lk") ?? [];
const EMAIL = "nimali.erase-me@example.lk";
const PHONE = "+94778765432";
const NAME = "Nimali Jayawardena";

function applicationOf(overrides: Record<string, unknown>) {
  return applicationSchema(TEST_TODAY).parse({ ...validApplication, ...overrides });
}

function erasureContract(name: string, open: () => Promise<TestStorage>) {
  describe(`erasure on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("empties the personal data of every lead holding the e-mail or phone, and unlinks its clicks", async () => {
      const byEmail = await createVerifiedLead(
        test.storage,
        applicationOf({ email: EMAIL, fullName: NAME, phone: "0771110000" }),
        offers,
      );
      const byPhone = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: PHONE, fullName: NAME, email: "other@example.lk" }),
        offers,
      );
      const bystander = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0772220000", email: "bystander@example.lk" }),
        offers,
      );
      const offer = offers.find((candidate) => candidate.offer_id === 101);
      if (!offer) throw new Error("offer 101 is missing");
      const { clickId } = await recordClick(test.storage, offer, byEmail.leadId);

      const outcome = await eraseContact(test.storage, { email: EMAIL, phone: PHONE });
      expect(outcome).toEqual({ suppressed: ["email", "phone"], erasedRecords: 2 });

      for (const leadId of [byEmail.leadId, byPhone.leadId]) {
        const row = await test.storage.db
          .selectFrom("leads")
          .selectAll()
          .where("id", "=", leadId)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          full_name: null,
          nic: null,
          birth_date: null,
          phone: null,
          email: null,
          dedupe_key: null,
          bank: "",
          district: "",
          monthly_income: 0,
          erased_at: expect.any(String),
        });
        // What statistics need stays.
        expect(await findLead(test.storage, leadId)).toMatchObject({ amount: 50_000 });
      }
      const click = await test.storage.db
        .selectFrom("clicks")
        .selectAll()
        .where("id", "=", clickId)
        .executeTakeFirstOrThrow();
      expect(click.lead_id).toBeNull();
      const untouched = await test.storage.db
        .selectFrom("leads")
        .select("email")
        .where("id", "=", bystander.leadId)
        .executeTakeFirstOrThrow();
      expect(untouched.email).toBe("bystander@example.lk");
    });

    it("lets the same person apply again afterwards, as a new lead", async () => {
      const again = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: PHONE, email: EMAIL }),
        offers,
      );
      expect(again.repeatOf).toBeNull();
      expect(again.verifiedLeadId).toBe(again.leadId);
    });
  });
}

onEachEngine(erasureContract);

describe("erasure on SQLite's files", () => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestSqlite();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("leaves the e-mail, phone and name nowhere in the database files, the WAL included", async () => {
    await createLead(
      test.storage,
      applicationOf({ email: EMAIL, phone: PHONE, fullName: NAME }),
      offers,
    );
    const before = databaseBytes(test.dataDir);
    // The check below can fail: before erasure the contact is in the files.
    expect(before.includes(EMAIL)).toBe(true);

    await eraseContact(test.storage, { email: EMAIL, phone: undefined });
    const after = databaseBytes(test.dataDir);
    for (const value of [EMAIL, PHONE, NAME, "853400937V"]) {
      expect(after.includes(value), value).toBe(false);
    }
  });
});

/** Every file of the SQLite database (main file, -wal, -shm) as one latin1 string. */
function databaseBytes(dataDir: string): string {
  return readdirSync(dataDir)
    .map((file) => readFileSync(path.join(dataDir, file)).toString("latin1"))
    .join("\n");
}
