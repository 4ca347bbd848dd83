import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../../test-support";
import { migrationsFor } from "./index";

onEachEngine((engine, open) => {
  describe(`migration 0018 on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("makes the calculator uses of the events already stored", async () => {
      const migrator = new Migrator({
        db: test.storage.db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      const down = await migrator.migrateTo("0017_funnel");
      expect(down.error).toBeUndefined();
      const session = "6f1c3a52-8d4e-4b7a-9c2d-1e5f6a7b8c9d";
      const event = (id: string, sub4: string, sub5: string, at: string) => ({
        id,
        event_id: 5,
        provider_id: null,
        session_id: session,
        client_id: null,
        domain: null,
        referer: null,
        attribution: JSON.stringify({ sub4, sub5, sub6: "en" }),
        device_class: "mobile",
        created_at: at,
      });
      await test.storage.db
        .insertInto("events")
        .values([
          event("e1", "pageView", "home", "2026-11-09T18:00:00.000Z"),
          event("e2", "fieldFilled", "calculator.amount", "2026-11-09T18:29:00.000Z"),
          event("e3", "fieldFilled", "calculator.term", "2026-11-09T18:31:00.000Z"),
          event("e4", "fieldFilled", "calculator.amount", "2026-11-09T18:35:00.000Z"),
          event("e5", "fieldFilled", "fullName", "2026-11-09T18:36:00.000Z"),
          event("e6", "fieldFocus", "calculator.amount", "2026-11-09T18:37:00.000Z"),
        ])
        .execute();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const uses = await test.storage.db
        .selectFrom("calculator_uses")
        .select(["day", "session_key", "locale", "device_class"])
        .orderBy("day")
        .execute();
      expect(uses).toEqual([
        { day: "2026-11-09", session_key: session, locale: "en", device_class: "mobile" },
        { day: "2026-11-10", session_key: session, locale: "en", device_class: "mobile" },
      ]);
    });
  });
});
