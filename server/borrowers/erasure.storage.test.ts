import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReviewImage } from "../../core/domain/community";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { addReview } from "../community/reviews";
import { eraseContact } from "../erasure";
import { loadCatalogues } from "../lenders/catalogue";
import { createLead, createVerifiedLead } from "../partners/leads.test-support";
import type { Storage } from "../storage/database";
import {
  databaseFiles,
  openedLead,
  plainMarker,
  valuesIn,
} from "../storage/stored-bytes.test-support";
import { onEachEngine, type TestStorage, testOutbox } from "../test-support";
import { recordClick } from "./clicks";
import { offersLink } from "./code-sending";
import { openErasureRequest } from "./erasure-requests";
import { issueLandingToken, redeemLandingToken } from "./landing-tokens";
import { findLead, leadApplicant } from "./leads";

const offers = loadCatalogues().get("lk") ?? [];
const EMAIL = "nimali.erase-me@example.lk";
const PHONE = "+94778765432";
const NAME = "Nimali Jayawardena";
const COMMENT_TEXT = "Nimali's words about saving for a rainy day";
const REVIEW_TEXT = "Nimali's review: four offers compared in minutes";
/** A 1×1 PNG, for a review's photo. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function applicationOf(overrides: Record<string, unknown>) {
  return applicationSchema(TEST_TODAY).parse({ ...validApplication, ...overrides });
}

/** A comment as the site stores it: sealed under its writer's e-mail's key (decision 0335). */
async function insertComment(
  storage: Storage,
  comment: {
    id: string;
    email: string;
    name: string;
    text: string;
    parent: string | null;
    at: Date;
  },
) {
  const key = await storage.keys.contactKey(storage.db, "email", comment.email);
  await storage.db
    .insertInto("comments")
    .values({
      id: comment.id,
      slug: "saving",
      parent_id: comment.parent,
      status: "approved",
      locale: "en",
      ...key.seal("comments", { name: comment.name, email: comment.email, text: comment.text }),
      key_id: key.id,
      created_at: comment.at.toISOString(),
    })
    .execute();
}

/** Every comment, opened (a placeholder reads as it is: empty). */
async function openedComments(storage: Storage) {
  return storage.keys.openRows(
    storage.db,
    "comments",
    await storage.db
      .selectFrom("comments")
      .select(["id", "name", "email", "text", "erased_at", "key_id"])
      .orderBy("id")
      .execute(),
  );
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

    it("closes the e-mailed links to an erased lead's offers", async () => {
      const lead = await createVerifiedLead(
        test.storage,
        applicationOf({ email: "link.holder@example.lk", phone: "0773330000" }),
        offers,
      );
      const token = await issueLandingToken(test.storage, lead.leadId);
      expect(await redeemLandingToken(test.storage, token)).toBe(lead.leadId);
      await eraseContact(test.storage, { email: "link.holder@example.lk" });
      expect(await redeemLandingToken(test.storage, token)).toBeUndefined();
      const tokens = await test.storage.db
        .selectFrom("landing_tokens")
        .select("lead_id")
        .where("lead_id", "=", lead.leadId)
        .execute();
      expect(tokens).toEqual([]);
    });

    it("empties the personal data of every lead holding the e-mail or phone, destroys their keys, and unlinks its clicks", async () => {
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

      const keyIds = await test.storage.db
        .selectFrom("leads")
        .select("key_id")
        .where("id", "in", [byEmail.leadId, byPhone.leadId])
        .execute();
      expect(keyIds.every((row) => row.key_id !== null)).toBe(true);
      const outcome = await eraseContact(test.storage, { email: EMAIL, phone: PHONE });
      expect(outcome).toEqual({ suppressed: ["email", "phone"], erasedRecords: 2 });
      const keysLeft = await test.storage.db
        .selectFrom("data_keys")
        .select("id")
        .where(
          "id",
          "in",
          keyIds.map((row) => row.key_id ?? ""),
        )
        .execute();
      expect(keysLeft).toEqual([]);

      for (const leadId of [byEmail.leadId, byPhone.leadId]) {
        const sealedBy = await test.storage.db
          .selectFrom("leads")
          .select("key_id")
          .where("id", "=", leadId)
          .executeTakeFirstOrThrow();
        expect(sealedBy.key_id).toBeNull();
        expect(await openedLead(test.storage, leadId)).toMatchObject({
          full_name: null,
          nic: null,
          birth_date: null,
          phone: null,
          email: null,
          dedupe_key: null,
          key_id: null,
          phone_hash: null,
          email_hash: null,
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
      expect((await leadApplicant(test.storage, bystander.leadId))?.email).toBe(
        "bystander@example.lk",
      );
    });

    it("deletes what was written with the e-mail; a comment others answered stays as an empty placeholder", async () => {
      const at = new Date("2026-11-21T06:00:00.000Z");
      const comment = (id: string, email: string, text: string, parent: string | null) =>
        insertComment(test.storage, {
          id,
          email,
          name: email === EMAIL ? NAME : "Ruwan",
          text,
          parent,
          at,
        });
      await comment("answered", EMAIL, "My question, answered by Ruwan", null);
      await comment("answer", "ruwan@example.lk", "Ruwan's answer", "answered");
      await comment("alone", EMAIL, "My remark nobody answered", null);
      await comment("theirs", "ruwan@example.lk", "Ruwan's own comment", null);
      await comment("my-answer", EMAIL, "My answer to Ruwan", "theirs");
      // Mine, answered only by me, and that answer answered by Ruwan: both stay as placeholders.
      await comment("chain-1", EMAIL, "Chain start", null);
      await comment("chain-2", EMAIL, "Chain middle", "chain-1");
      await comment("chain-3", "ruwan@example.lk", "Ruwan at the end of the chain", "chain-2");
      const review = await addReview(
        test.storage,
        {
          locale: "en",
          name: NAME,
          email: EMAIL,
          text: "My review of the service",
          rating: 5,
          image: parseReviewImage(`data:image/png;base64,${PNG}`),
        },
        at,
      );
      const otherReview = await addReview(
        test.storage,
        {
          locale: "en",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan's review",
          rating: 4,
        },
        at,
      );
      // Another request for the same e-mail, still waiting for its code: it forgets the e-mail.
      await openErasureRequest(test.storage, { email: EMAIL }, at);
      const writer = await test.storage.keys.contactKeyId(test.storage.db, "email", EMAIL);

      const outcome = await eraseContact(test.storage, { email: EMAIL }, { now: at });
      // The leads of the first test were erased already; five comments and one review now.
      expect(outcome.erasedRecords).toBe(6);

      const comments = await openedComments(test.storage);
      const placeholder = (id: string) => ({
        id,
        name: "",
        email: null,
        text: "",
        erased_at: at.toISOString(),
        key_id: null,
      });
      const ruwans = expect.stringMatching(/^contact:/);
      expect(comments).toEqual([
        {
          id: "answer",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan's answer",
          erased_at: null,
          key_id: ruwans,
        },
        placeholder("answered"),
        placeholder("chain-1"),
        placeholder("chain-2"),
        {
          id: "chain-3",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan at the end of the chain",
          erased_at: null,
          key_id: ruwans,
        },
        {
          id: "theirs",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan's own comment",
          erased_at: null,
          key_id: ruwans,
        },
      ]);
      // The e-mail's key went with what it sealed.
      const writerKey = await test.storage.db
        .selectFrom("data_keys")
        .select("id")
        .where("id", "=", writer)
        .execute();
      expect(writerKey).toEqual([]);
      const reviews = await test.storage.db.selectFrom("reviews").select("id").execute();
      expect(reviews.map((row) => row.id)).toEqual([otherReview]);
      const images = await test.storage.db
        .selectFrom("review_images")
        .select("review_id")
        .where("review_id", "=", review)
        .execute();
      expect(images).toEqual([]);
      const waiting = await test.storage.db
        .selectFrom("erasure_confirmations")
        .select(["contact", "code_hash", "contact_hash", "key_id"])
        .execute();
      expect(waiting).toEqual([
        { contact: null, code_hash: null, contact_hash: null, key_id: null },
      ]);
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

onEachEngine((engine, open) => {
  describe(`an erasure on ${engine}, by phone or by e-mail`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("deletes every outbox message to either of the person's contacts but a deletion code still needed, and no one else's", async () => {
      const outbox = testOutbox();
      for (const [email, phone] of [
        ["by.phone@example.lk", "0775550001"],
        ["by.email@example.lk", "0775550002"],
      ] as const) {
        const lead = await createVerifiedLead(
          test.storage,
          applicationOf({ email, phone }),
          offers,
        );
        const applicant = await leadApplicant(test.storage, lead.leadId);
        // The code by SMS and the confirmation by e-mail, as the application sends them.
        await outbox.messenger.applicationCode(applicant?.phone ?? "", "123456", 10, "en");
        await outbox.messenger.applicationConfirmation(
          email,
          { offers: "https://x.test/landing/offers/?token=t", erasure: "https://x.test/", days: 7 },
          "en",
        );
      }
      // A deletion request for both of the first person's contacts: a code to each.
      for (const contact of [
        { kind: "phone", value: "+94775550001" },
        { kind: "email", value: "by.phone@example.lk" },
      ] as const) {
        await outbox.messenger.erasureCode(contact, "222222", 10, "en");
      }
      await outbox.messenger.applicationCode("+94775550009", "654321", 10, "en");
      const sent = () =>
        outbox.messages().map((message) => `${message.to}${message.purpose ? " (code)" : ""}`);
      expect(sent()).toHaveLength(7);

      // By phone: the phone's messages, and the e-mail of its lead's but its deletion code.
      await eraseContact(test.storage, { phone: "+94775550001" }, { outboxDir: outbox.dir });
      expect(sent()).toEqual([
        "+94775550002",
        "by.email@example.lk",
        "by.phone@example.lk (code)",
        "+94775550009",
      ]);
      await eraseContact(test.storage, { email: "by.phone@example.lk" }, { outboxDir: outbox.dir });
      // By e-mail: the same the other way round.
      await eraseContact(test.storage, { email: "by.email@example.lk" }, { outboxDir: outbox.dir });
      expect(sent()).toEqual(["+94775550009"]);
    });
  });
});

onEachEngine((engine, open) => {
  describe(`erasure in ${engine}'s files`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("leaves the e-mail, phone, NIC, name and what they wrote nowhere in the files (WAL included), and their keys nowhere", async () => {
      // This engine's files may hold other tests' people: this one's values are its own.
      const tag = randomBytes(4).toString("hex");
      const email = `nimali.${tag}@example.lk`;
      const phone = `07781${String(Number.parseInt(tag, 16) % 100_000).padStart(5, "0")}`;
      const e164 = `+94${phone.slice(1)}`;
      // Year 85, day 340 as the birth date says; the serial is this test's own.
      const nic = `85340${String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0")}V`;
      // Names are letters only: the tag's digits as letters.
      const name = `Nimali Jayawardena ${tag.replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "")}`;
      const commentText = `${COMMENT_TEXT} ${tag}`;
      const reviewText = `${REVIEW_TEXT} ${tag}`;
      const lead = await createLead(
        test.storage,
        applicationOf({ email, phone, nic, fullName: name }),
        offers,
      );
      const at = new Date();
      // A link sent from the offers page (issue 17): only its hash is stored, and it goes too.
      const link = new URL(await offersLink(test.storage, "https://x.test", lead.leadId, "en", at));
      const tokenHash = createHash("sha256")
        .update(link.searchParams.get("token") ?? "")
        .digest("hex");
      await insertComment(test.storage, {
        id: `mine-${tag}`,
        email,
        name,
        text: commentText,
        parent: null,
        at,
      });
      await insertComment(test.storage, {
        id: `answer-${tag}`,
        email: "ruwan@example.lk",
        name: "Ruwan",
        text: "An answer that stays",
        parent: `mine-${tag}`,
        at,
      });
      await addReview(test.storage, { locale: "en", name, email, text: reviewText, rating: 5 });
      // A deletion request waiting for its code holds the contact meanwhile.
      await openErasureRequest(test.storage, { email, phone: e164 }, at);
      const person = [email, e164, name, nic, commentText, reviewText];

      // Sealed from the start: none of it in the files, though the keys open all of it.
      expect((await leadApplicant(test.storage, lead.leadId))?.fullName).toBe(name);
      const marker = await plainMarker(test.storage);
      const before = valuesIn(await databaseFiles(test), [marker, ...person]);
      // The search finds what is there in the clear: the check below could fail.
      expect(before).toEqual([marker]);
      const keysBefore = await test.storage.db.selectFrom("data_keys").select("id").execute();

      await eraseContact(test.storage, { email, phone: e164 });
      const files = await databaseFiles(test);
      expect(valuesIn(files, person)).toEqual([]);
      if (engine === "SQLite") {
        // With secure_delete, the deleted link's hash is overwritten too. (On PostgreSQL a
        // deleted row's bytes stay until the space is reused; a hash of a link opens nothing.)
        expect(valuesIn(files, [tokenHash])).toEqual([]);
      }
      // Only the hash key and the bystander's key are left: the person's went.
      const keysAfter = await test.storage.db.selectFrom("data_keys").select("id").execute();
      const ruwan = await test.storage.keys.contactKeyId(
        test.storage.db,
        "email",
        "ruwan@example.lk",
      );
      expect(keysAfter.map((row) => row.id).sort()).toEqual(
        keysBefore
          .map((row) => row.id)
          .filter((id) => id === "installation:hash-key" || id === ruwan)
          .sort(),
      );
      const comments = await openedComments(test.storage);
      expect(comments.find((row) => row.id === `answer-${tag}`)?.text).toBe("An answer that stays");
    });
  });
});
