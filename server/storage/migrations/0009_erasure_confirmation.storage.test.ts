import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../../test-support";
import { migrationsFor } from "./index";

function migrationContract(name: string, open: () => Promise<TestStorage>) {
  describe(`migration 0009 on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("takes away the text an earlier erasure left in a comment, and nothing else", async () => {
      const migrator = new Migrator({
        db: test.storage.db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      // Back to just before 0009, whatever came after it.
      const down = await migrator.migrateTo("0008_verification");
      expect(down.error).toBeUndefined();
      expect(down.results?.at(-1)).toMatchObject({
        migrationName: "0009_erasure_confirmation",
        direction: "Down",
        status: "Success",
      });
      // Before issue 14 an erasure emptied a comment's author (e-mail and name), not its text.
      const comment = {
        slug: "saving",
        parent_id: null,
        status: "approved" as const,
        locale: "en",
        created_at: "2026-10-01T08:00:00.000Z",
      };
      await test.storage.db
        .insertInto("comments")
        .values([
          {
            ...comment,
            id: "erased-before",
            name: "",
            email: null,
            text: "What I wrote before I asked to be erased",
          },
          { ...comment, id: "kept", name: "Ruwan", email: "ruwan@example.lk", text: "Still mine" },
        ])
        .execute();

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      // Sealed since 0024 (decision 0335): read through the keys.
      const rows = await test.storage.keys.openRows(
        test.storage.db,
        "comments",
        await test.storage.db
          .selectFrom("comments")
          .select(["id", "name", "email", "text", "erased_at", "key_id"])
          .orderBy("id")
          .execute(),
      );
      expect(rows).toEqual([
        {
          id: "erased-before",
          name: "",
          email: null,
          text: "",
          erased_at: comment.created_at,
          key_id: null,
        },
        {
          id: "kept",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Still mine",
          erased_at: null,
          key_id: expect.stringMatching(/^contact:[0-9a-f]{64}$/),
        },
      ]);
    });
  });
}

onEachEngine(migrationContract);
