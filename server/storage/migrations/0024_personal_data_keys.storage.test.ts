import { randomBytes } from "node:crypto";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSuppressed, suppressionHash } from "../../borrowers/erasure";
import { leadApplicant } from "../../borrowers/leads";
import { articleCommunity, reviewsSummary } from "../../community/page-data";
import { reviewImage } from "../../community/reviews";
import { eraseContact } from "../../erasure";
import { seedLeadRow } from "../../funnel/seed-lead-row";
import { onEachEngine, type TestStorage } from "../../test-support";
import { HASH_KEY_ID } from "../data-keys";
import { databaseFiles, valuesIn } from "../stored-bytes.test-support";
import { migrationsFor } from "./index";

/** A 1×1 PNG, a review's photo. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const AT = "2026-11-20T04:00:00.000Z";
const SLUG = "saving";

onEachEngine((engine, open) => {
  describe(`migration 0024 on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("seals what was stored in the clear, keeps every keyed hash working, and opens it again on the way down", async () => {
      const { db } = test.storage;
      const migrator = new Migrator({
        db,
        provider: {
          getMigrations: async () => migrationsFor(test.storage.engine, test.installationKey),
        },
      });
      expect((await migrator.migrateTo("0023_credit_cards")).error).toBeUndefined();
      // Before 0024, the hash key sat in settings in the clear: the way down put it back.
      const legacy = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", "suppression_key")
        .executeTakeFirstOrThrow();
      expect(legacy.value).toBe(await test.storage.keys.hashKey());

      // This engine's files may hold other tests' values: these are this test's own.
      const tag = randomBytes(4).toString("hex");
      const person = {
        name: `Kamala ${tag}`,
        nic: `85340${String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0")}V`,
        phone: `+9477${String(Number.parseInt(tag, 16) % 10_000_000).padStart(7, "0")}`,
        email: `kamala.${tag}@example.lk`,
        comment: `Kamala's comment ${tag}`,
        review: `Kamala's review ${tag}`,
        endpoint: `https://fcm.googleapis.com/fcm/send/${tag}`,
      };
      await db.insertInto("settings").values({ key: "unrelated", value: "kept" }).execute();
      // Someone erased before 0024: never to be contacted again, after it too.
      await db
        .insertInto("suppressions")
        .values({
          hash: suppressionHash(legacy.value, "phone", "+94770000099"),
          kind: "phone",
          created_at: AT,
        })
        .execute();
      await db
        .insertInto("leads")
        .values([
          seedLeadRow("lead-kamala", AT, {
            full_name: person.name,
            nic: person.nic,
            birth_date: "1985-12-05",
            phone: person.phone,
            email: person.email,
            verified_at: AT,
          }),
          // Erased before: nothing to seal, and no key made.
          seedLeadRow("lead-erased", AT, { erased_at: AT, verified_at: AT }),
        ])
        .execute();
      await db
        .insertInto("push_subscriptions")
        .values({
          id: "push-1",
          lead_id: "lead-kamala",
          endpoint: person.endpoint,
          p256dh: "p256dh-key",
          auth: "auth-secret",
          locale: "en",
          created_at: AT,
        })
        .execute();
      const comment = { slug: SLUG, status: "approved" as const, locale: "en", created_at: AT };
      await db
        .insertInto("comments")
        .values([
          {
            ...comment,
            id: "c-kamala",
            parent_id: null,
            name: person.name,
            email: person.email,
            text: person.comment,
          },
          {
            ...comment,
            id: "c-placeholder",
            parent_id: null,
            name: "",
            email: null,
            text: "",
            erased_at: AT,
          },
          {
            ...comment,
            id: "c-ruwan",
            parent_id: "c-placeholder",
            name: "Ruwan",
            email: "ruwan@example.lk",
            text: "Ruwan's answer",
          },
        ])
        .execute();
      const review = { status: "approved" as const, locale: "en", rating: 5, created_at: AT };
      await db
        .insertInto("reviews")
        .values([
          {
            ...review,
            id: "r-kamala",
            name: person.name,
            email: person.email,
            text: person.review,
          },
          // Written before reviews kept an e-mail: a key of its own.
          { ...review, id: "r-old", name: "Old Reviewer", email: null, text: "Before issue 14" },
        ])
        .execute();
      await db
        .insertInto("review_images")
        .values({ review_id: "r-kamala", content_type: "image/png", data: PNG })
        .execute();
      await db
        .insertInto("erasure_confirmations")
        .values({
          request_id: "waiting-request",
          kind: "email",
          contact: person.email,
          code_hash: "f".repeat(64),
          attempts: 0,
          created_at: AT,
          expires_at: "2026-11-20T04:10:00.000Z",
        })
        .execute();
      const before = await Promise.all(
        (
          ["leads", "comments", "reviews", "erasure_confirmations", "push_subscriptions"] as const
        ).map((table) => db.selectFrom(table).selectAll().execute()),
      );

      // Up, as a start does it: storage.migrate(), which purges the files after 0024.
      await test.storage.migrate();
      const settings = await db.selectFrom("settings").select("key").execute();
      expect(settings.map((row) => row.key)).not.toContain("suppression_key");
      expect(settings.map((row) => row.key)).toContain("unrelated");
      const hashKey = await db
        .selectFrom("data_keys")
        .select("kek")
        .where("id", "=", HASH_KEY_ID)
        .executeTakeFirstOrThrow();
      expect(hashKey.kek).toBe(test.storage.keys.currentId);
      expect(await isSuppressed(test.storage, "phone", "+94770000099")).toBe(true);

      // Read as the site reads it.
      expect(await leadApplicant(test.storage, "lead-kamala")).toEqual({
        fullName: person.name,
        nic: person.nic,
        birthDate: "1985-12-05",
        phone: person.phone,
        email: person.email,
      });
      const erased = await db
        .selectFrom("leads")
        .select("key_id")
        .where("id", "=", "lead-erased")
        .executeTakeFirstOrThrow();
      expect(erased.key_id).toBeNull();
      const article = await articleCommunity(test.storage, SLUG);
      // All three at one time: in the order of their ids.
      const comments = [...article.comments].sort((a, b) => a.id.localeCompare(b.id));
      expect(comments.map((row) => [row.id, row.name, row.text])).toEqual([
        ["c-kamala", person.name, person.comment],
        ["c-placeholder", "", ""],
        ["c-ruwan", "Ruwan", "Ruwan's answer"],
      ]);
      const reviews = await reviewsSummary(test.storage);
      expect(reviews.reviews.map((row) => row.text).sort()).toEqual(
        ["Before issue 14", person.review].sort(),
      );
      expect((await reviewImage(test.storage, "r-kamala"))?.data).toEqual(PNG);

      // The files hold none of it in the clear: SQLite's WAL was emptied; PostgreSQL's
      // tables were rewritten (its WAL keeps the old values until it is recycled: 0335).
      const files = (await databaseFiles(test)).filter(
        (file) => engine === "SQLite" || !file.includes("pg_wal"),
      );
      const values = [person.name, person.nic, person.email, person.comment, person.review];
      expect(valuesIn(files, [...values, person.endpoint, legacy.value])).toEqual([]);

      // Down again: every value back in the clear, as it was.
      expect((await migrator.migrateTo("0023_credit_cards")).error).toBeUndefined();
      const after = await Promise.all(
        (
          ["leads", "comments", "reviews", "erasure_confirmations", "push_subscriptions"] as const
        ).map((table) => db.selectFrom(table).selectAll().execute()),
      );
      const byId = (rows: Record<string, unknown>[]) =>
        [...rows].sort((a, b) =>
          String(a.id ?? a.request_id).localeCompare(String(b.id ?? b.request_id)),
        );
      expect(after.map(byId)).toEqual(before.map(byId));
      const image = await db.selectFrom("review_images").select("data").executeTakeFirstOrThrow();
      expect(Buffer.from(image.data)).toEqual(PNG);

      // And up once more: an erasure finds what 0024 sealed, by the hashes it made.
      await test.storage.migrate();
      const outcome = await eraseContact(test.storage, { email: person.email });
      // The lead, the comment, the review.
      expect(outcome.erasedRecords).toBe(3);
      expect(await leadApplicant(test.storage, "lead-kamala")).toMatchObject({ email: null });
      const waiting = await db
        .selectFrom("erasure_confirmations")
        .select(["contact", "key_id"])
        .executeTakeFirstOrThrow();
      expect(waiting).toEqual({ contact: null, key_id: null });
      const subscriptions = await db.selectFrom("push_subscriptions").select("id").execute();
      expect(subscriptions).toEqual([]);
    });
  });
});
