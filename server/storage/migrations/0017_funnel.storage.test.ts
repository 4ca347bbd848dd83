import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../../test-support";
import { migrationsFor } from "./index";

onEachEngine((engine, open) => {
  describe(`migration 0017 on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("makes the visits of the events already stored", async () => {
      const migrator = new Migrator({
        db: test.storage.db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      const down = await migrator.migrateTo("0014_staff");
      expect(down.error).toBeUndefined();
      const event = (id: string, sessionId: string | null, sub4: string, at: string) => ({
        id,
        event_id: 5,
        provider_id: null,
        session_id: sessionId,
        client_id: null,
        domain: null,
        referer: null,
        attribution: JSON.stringify({ sub4, sub6: "si", utm_source: "google" }),
        created_at: at,
      });
      const session = "6f1c3a52-8d4e-4b7a-9c2d-1e5f6a7b8c9d";
      const db = test.storage.db as unknown as import("kysely").Kysely<{
        events: ReturnType<typeof event>;
      }>;
      await db
        .insertInto("events")
        .values([
          event("e1", session, "pageView", "2026-11-09T18:29:00.000Z"),
          event("e2", session, "pageView", "2026-11-09T18:31:00.000Z"),
          event("e3", session, "pageView", "2026-11-09T18:35:00.000Z"),
          event("e4", session, "fieldFocus", "2026-11-09T18:36:00.000Z"),
          event("e5", null, "pageView", "2026-11-09T10:00:00.000Z"),
        ])
        .execute();
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const visits = await test.storage.db
        .selectFrom("visits")
        .select(["day", "session_key", "locale", "utm_source", "device_class"])
        .orderBy("day")
        .orderBy("session_key")
        .execute();
      expect(visits).toEqual([
        {
          day: "2026-11-09",
          session_key: session,
          locale: "si",
          utm_source: "google",
          device_class: null,
        },
        {
          day: "2026-11-09",
          session_key: "event:e5",
          locale: "si",
          utm_source: "google",
          device_class: null,
        },
        {
          day: "2026-11-10",
          session_key: session,
          locale: "si",
          utm_source: "google",
          device_class: null,
        },
      ]);
    });
  });
});
