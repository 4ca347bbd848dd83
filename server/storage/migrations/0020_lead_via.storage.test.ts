import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../../test-support";
import { migrationsFor } from "./index";

onEachEngine((engine, open) => {
  describe(`migration 0020 on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("takes an unverified lead's channel from its code, and leaves older leads unrecorded", async () => {
      const migrator = new Migrator({
        db: test.storage.db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      const down = await migrator.migrateTo("0018_calculator_uses");
      expect(down.error).toBeUndefined();
      const at = "2026-11-20T04:00:00.000Z";
      const lead = (id: string, verified: boolean) => ({
        id,
        created_at: at,
        dedupe_key: null,
        status: "new" as const,
        amount: 50_000,
        term_days: 91,
        purpose: "medical",
        employment: "salaried",
        bank: "boc",
        district: "colombo",
        monthly_income: 90_000,
        age: 30,
        consent_marketing: 0,
        attribution: "{}",
        offer_ids: "[]",
        full_name: null,
        nic: null,
        birth_date: null,
        phone: null,
        email: null,
        erased_at: null,
        promo_code: null,
        experiment_flow: null,
        lead_form: null,
        partner_id: null,
        verified_at: verified ? at : null,
        repeat_of: null,
      });
      await test.storage.db
        .insertInto("leads")
        .values([lead("by-form", false), lead("by-api", false), lead("older", true)])
        .execute();
      const code = (leadId: string, via: "site" | "partner_api") => ({
        lead_id: leadId,
        via,
        locale: "si",
        code_hash: "x",
        expires_at: at,
        tries: 0,
        sends: 1,
        resend_at: at,
        created_at: at,
      });
      await test.storage.db
        .insertInto("lead_verifications")
        .values([code("by-form", "site"), code("by-api", "partner_api")])
        .execute();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const rows = await test.storage.db
        .selectFrom("leads")
        .select(["id", "via"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { id: "by-api", via: "partner_api" },
        { id: "by-form", via: "site" },
        { id: "older", via: null },
      ]);
    });
  });
});
