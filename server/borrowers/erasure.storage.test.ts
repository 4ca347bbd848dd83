import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReviewImage } from "../../core/community";
import { applicationSchema } from "../../core/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/schemas/application.fixtures";
import { addReview } from "../community/reviews";
import { loadCatalogues } from "../lenders/catalogue";
import { onEachEngine, openTestSqlite, type TestStorage } from "../test-support";
import { createVerifiedLead } from "./applicant.test-support";
import { recordClick } from "./clicks";
import { offersLink } from "./code-sending";
import { eraseContact } from "./erasure";
import { issueLandingToken, redeemLandingToken } from "./landing-tokens";
import { createLead, findLead } from "./leads";

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

    it("deletes what was written with the e-mail; a comment others answered stays as an empty placeholder", async () => {
      const at = new Date("2026-11-21T06:00:00.000Z");
      const comment = (id: string, email: string | null, text: string, parent: string | null) =>
        test.storage.db
          .insertInto("comments")
          .values({
            id,
            slug: "saving",
            parent_id: parent,
            status: "approved",
            locale: "en",
            name: email === EMAIL ? NAME : "Ruwan",
            email,
            text,
            created_at: at.toISOString(),
          })
          .execute();
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
      await test.storage.db
        .insertInto("erasure_confirmations")
        .values({
          request_id: "waiting-request-000000",
          kind: "email",
          contact: EMAIL,
          code_hash: "f".repeat(64),
          attempts: 0,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + 600_000).toISOString(),
        })
        .execute();

      const outcome = await eraseContact(test.storage, { email: EMAIL }, { now: at });
      // The leads of the first test were erased already; five comments and one review now.
      expect(outcome.erasedRecords).toBe(6);

      const comments = await test.storage.db
        .selectFrom("comments")
        .select(["id", "name", "email", "text", "erased_at"])
        .orderBy("id")
        .execute();
      const placeholder = (id: string) => ({
        id,
        name: "",
        email: null,
        text: "",
        erased_at: at.toISOString(),
      });
      expect(comments).toEqual([
        {
          id: "answer",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan's answer",
          erased_at: null,
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
        },
        {
          id: "theirs",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "Ruwan's own comment",
          erased_at: null,
        },
      ]);
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
        .select(["contact", "code_hash"])
        .executeTakeFirstOrThrow();
      expect(waiting).toEqual({ contact: null, code_hash: null });
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

  it("leaves the e-mail, phone, name, what they wrote and their offers links nowhere in the database files, the WAL included", async () => {
    const lead = await createLead(
      test.storage,
      applicationOf({ email: EMAIL, phone: PHONE, fullName: NAME }),
      offers,
    );
    const at = new Date();
    // A link sent from the offers page (issue 17): only its hash is stored, and it goes too.
    const link = new URL(await offersLink(test.storage, "https://x.test", lead.leadId, "en", at));
    const tokenHash = createHash("sha256")
      .update(link.searchParams.get("token") ?? "")
      .digest("hex");
    const comment = {
      slug: "saving",
      status: "approved" as const,
      locale: "en",
      created_at: at.toISOString(),
    };
    await test.storage.db
      .insertInto("comments")
      .values([
        { ...comment, id: "mine", parent_id: null, name: NAME, email: EMAIL, text: COMMENT_TEXT },
        {
          ...comment,
          id: "answer",
          parent_id: "mine",
          name: "Ruwan",
          email: "ruwan@example.lk",
          text: "An answer that stays",
        },
      ])
      .execute();
    await addReview(test.storage, {
      locale: "en",
      name: NAME,
      email: EMAIL,
      text: REVIEW_TEXT,
      rating: 5,
    });
    const before = databaseBytes(test.dataDir);
    // The checks below can fail: before erasure all of it is in the files.
    for (const value of [EMAIL, PHONE, NAME, COMMENT_TEXT, REVIEW_TEXT, tokenHash]) {
      expect(before.includes(value), value).toBe(true);
    }

    await eraseContact(test.storage, { email: EMAIL, phone: undefined });
    const after = databaseBytes(test.dataDir);
    for (const value of [EMAIL, PHONE, NAME, "853400937V", COMMENT_TEXT, REVIEW_TEXT, tokenHash]) {
      expect(after.includes(value), value).toBe(false);
    }
    expect(after.includes("An answer that stays")).toBe(true);
  });
});

/** Every file of the SQLite database (main file, -wal, -shm) as one latin1 string. */
function databaseBytes(dataDir: string): string {
  return readdirSync(dataDir)
    .map((file) => readFileSync(path.join(dataDir, file)).toString("latin1"))
    .join("\n");
}
