import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLeadRow } from "../../funnel/seed-lead-row";
import { onEachEngine, type TestStorage } from "../../test-support";
import { migrationsFor } from "./index";

onEachEngine((engine, open) => {
  describe(`migration 0021 on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("keeps the partner API's leads as such, and leaves every other older lead unrecorded", async () => {
      const migrator = new Migrator({
        db: test.storage.db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      const down = await migrator.migrateTo("0020_lead_via");
      expect(down.error).toBeUndefined();
      const at = "2026-11-20T04:00:00.000Z";
      const { channel: _channel, page_domain: _domain, ...by } = seedLeadRow("x", at);
      await test.storage.db
        .insertInto("leads")
        .values([
          { ...by, id: "by-api", via: "partner_api" },
          { ...by, id: "by-form", via: "site", attribution: '{"widget_domain":"blog.lk"}' },
          { ...by, id: "older", via: null },
        ])
        .execute();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const rows = await test.storage.db
        .selectFrom("leads")
        .select(["id", "channel", "page_domain"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { id: "by-api", channel: "partner_api", page_domain: null },
        { id: "by-form", channel: null, page_domain: null },
        { id: "older", channel: null, page_domain: null },
      ]);
      const codes = await test.storage.db
        .selectFrom("partner_recovery_codes")
        .selectAll()
        .execute();
      expect(codes).toEqual([]);
    });
  });
});
