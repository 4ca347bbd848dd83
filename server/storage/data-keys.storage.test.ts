import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { isSuppressed } from "../borrowers/erasure";
import { confirmErasure, openErasureRequest } from "../borrowers/erasure-requests";
import { leadApplicant } from "../borrowers/leads";
import { addComment } from "../community/comments";
import { pendingItems } from "../community/moderation";
import { erasureSteps } from "../erasure";
import { loadCatalogues } from "../lenders/catalogue";
import { createLead } from "../partners/leads.test-support";
import { onEachEngine, silentLog, type TestStorage } from "../test-support";
import { HASH_KEY_ID, InstallationKeyMismatch, rewrapDataKeys } from "./data-keys";
import { openStorage, type Storage } from "./database";

const offers = loadCatalogues().get("lk") ?? [];
const SLUG = "how-much-emergency-savings-do-you-really-need";

onEachEngine((engine, open) => {
  describe(`data keys on ${engine}`, () => {
    let test: TestStorage;
    const others: Storage[] = [];
    /** Another instance on the same database, with the installation keys given. */
    const instance = (dataKey: Buffer, previousDataKey?: Buffer) => {
      const storage = openStorage({
        databaseUrl: test.databaseUrl,
        dataDir: test.dataDir,
        dataKey,
        previousDataKey,
        log: silentLog,
      });
      others.push(storage);
      return storage;
    };
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      for (const storage of others) await storage.close();
      await test?.cleanup();
    });

    it("gives a contact one key, however many write at once, and reads a row without its key as erased", async () => {
      const email = `writer.${randomBytes(3).toString("hex")}@example.lk`;
      const keys = await Promise.all(
        Array.from({ length: 6 }, () =>
          test.storage.keys.contactKey(test.storage.db, "email", email),
        ),
      );
      expect(new Set(keys.map((key) => key.id)).size).toBe(1);
      const rows = await test.storage.db
        .selectFrom("data_keys")
        .select("id")
        .where("id", "=", keys[0]?.id ?? "")
        .execute();
      expect(rows).toHaveLength(1);

      const key = await test.storage.keys.create(test.storage.db);
      const sealed = key.seal("comments", { name: "Ruwan", email: null, text: "Hello" });
      expect(sealed.email).toBeNull();
      expect(sealed.name).not.toBe("Ruwan");
      const row = { ...sealed, key_id: key.id };
      expect(await test.storage.keys.openRows(test.storage.db, "comments", [row])).toEqual([
        { name: "Ruwan", email: null, text: "Hello", key_id: key.id },
      ]);
      expect(await test.storage.keys.destroy(test.storage.db, [key.id, HASH_KEY_ID])).toBe(1);
      // The key is gone: the row reads as erased; the hash key is never destroyed.
      expect(await test.storage.keys.openRows(test.storage.db, "comments", [row])).toEqual([
        { name: "", email: null, text: "", key_id: key.id },
      ]);
      expect(await test.storage.keys.hashKey(test.storage.db)).toMatch(/^[0-9a-f]{64}$/);
    });

    it("refuses to start with another installation key, and rotates to a new one with the old as previous", async () => {
      const email = `rotated.${randomBytes(3).toString("hex")}@example.lk`;
      const lead = await createLead(
        test.storage,
        applicationSchema(TEST_TODAY).parse({ ...validApplication, email }),
        offers,
      );
      const added = await addComment(test.storage, {
        slug: SLUG,
        locale: "en",
        name: "Rotated Writer",
        email,
        text: "Written before the rotation",
      });
      expect(added.kind).toBe("stored");
      const { requestId, codes } = await openErasureRequest(
        test.storage,
        { phone: "+94770000321" },
        new Date(),
      );
      await confirmErasure(test.storage, requestId, codes[0]?.code ?? "", {
        now: new Date(),
        steps: erasureSteps,
      });
      expect(await isSuppressed(test.storage, "phone", "+94770000321")).toBe(true);

      // A new key alone: this database's keys are not its own.
      const next = randomBytes(32);
      await expect(instance(next).migrate()).rejects.toThrow(InstallationKeyMismatch);
      await expect(instance(next).migrate()).rejects.toThrow(/DATA_KEY/);

      // The new key with the old as previous: everything opens; new keys are the new key's.
      const rotating = instance(next, test.installationKey);
      await rotating.migrate();
      expect((await leadApplicant(rotating, lead.leadId))?.email).toBe(email);
      const before = await test.storage.db.selectFrom("data_keys").select("kek").execute();
      expect(new Set(before.map((row) => row.kek))).toEqual(new Set([test.storage.keys.currentId]));

      const { rewrapped } = await rewrapDataKeys(rotating.db, rotating.keys);
      expect(rewrapped).toBe(before.length);
      const after = await rotating.db.selectFrom("data_keys").select("kek").execute();
      expect(new Set(after.map((row) => row.kek))).toEqual(new Set([rotating.keys.currentId]));
      // Run again, it has nothing left to do.
      expect(await rewrapDataKeys(rotating.db, rotating.keys)).toEqual({ rewrapped: 0 });

      // The new key alone now opens all of it, keyed hashes included; the old one nothing.
      const rotated = instance(next);
      await rotated.migrate();
      expect((await leadApplicant(rotated, lead.leadId))?.email).toBe(email);
      const waiting = await pendingItems(rotated, "before the rotation");
      expect(waiting.map((item) => item.text)).toEqual(["Written before the rotation"]);
      expect(await isSuppressed(rotated, "phone", "+94770000321")).toBe(true);
      await expect(instance(test.installationKey).migrate()).rejects.toThrow(
        InstallationKeyMismatch,
      );
    });
  });
});
