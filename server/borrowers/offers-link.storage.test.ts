import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { eraseContact } from "../erasure";
import { loadCatalogues } from "../lenders/catalogue";
import { createLead, createVerifiedLead } from "../partners/leads.test-support";
import { onEachEngine, type TestStorage } from "../test-support";
import { offersLink } from "./code-sending";
import { redeemLandingToken } from "./landing-tokens";
import { maskEmail, maskPhone, offersLinkContacts, offersLinkExpiry } from "./offers-link";

/**
 * "Save or send my offers" in storage (issue 17, decision 0205): the link
 * sent from the offers page is a landing token, kept only as its SHA-256,
 * good for seven days to the millisecond, for a verified lead only, and
 * gone with the lead's erasure.
 */
const offers = loadCatalogues().get("lk") ?? [];
const DAY_MS = 24 * 60 * 60 * 1000;

function applicationOf(overrides: Record<string, unknown>) {
  return applicationSchema(TEST_TODAY).parse({ ...validApplication, ...overrides });
}

onEachEngine((engine, open) => {
  describe(`the offers link on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("is a random token stored only as its hash, good for seven days", async () => {
      const lead = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0775550001", email: "link.keeper@example.lk" }),
        offers,
      );
      const at = new Date("2026-11-25T08:00:00.000Z");
      const link = new URL(await offersLink(test.storage, "https://x.test", lead.leadId, "si", at));
      const token = link.searchParams.get("token") ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      const rows = await test.storage.db
        .selectFrom("landing_tokens")
        .selectAll()
        .where("lead_id", "=", lead.leadId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]?.expires_at).toBe("2026-12-02T08:00:00.000Z");
      expect(offersLinkExpiry(at)).toEqual({
        expiresAt: "2026-12-02T08:00:00.000Z",
        until: "02/12/2026",
      });
      const second = new URL(
        await offersLink(test.storage, "https://x.test", lead.leadId, "si", at),
      );
      expect(second.searchParams.get("token")).not.toBe(token);

      const late = (ms: number) => new Date(at.getTime() + ms);
      expect(await redeemLandingToken(test.storage, token, late(7 * DAY_MS - 1))).toBe(lead.leadId);
      expect(await redeemLandingToken(test.storage, token, late(7 * DAY_MS))).toBeUndefined();
    });

    it("names the contacts of a verified lead only, masked for the page", async () => {
      const verified = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0775550002", email: "kept@example.lk" }),
        offers,
      );
      expect(await offersLinkContacts(test.storage, verified.leadId)).toEqual({
        phone: "+94775550002",
        email: "kept@example.lk",
      });
      expect(maskPhone("+94775550002")).toBe("07X XXX X002");
      expect(maskEmail("kept@example.lk")).toBe("k•••@example.lk");
      const unverified = await createLead(
        test.storage,
        applicationOf({ phone: "0775550003" }),
        offers,
      );
      expect(await offersLinkContacts(test.storage, unverified.leadId)).toBeUndefined();
      expect(await offersLinkContacts(test.storage, "AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
      // A link made for an unverified lead opens nothing.
      const link = new URL(
        await offersLink(test.storage, "https://x.test", unverified.leadId, "en", new Date()),
      );
      expect(
        await redeemLandingToken(test.storage, link.searchParams.get("token")),
      ).toBeUndefined();
    });

    it("goes with the lead's erasure, by phone as by e-mail", async () => {
      const lead = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0775550004", email: "gone.soon@example.lk" }),
        offers,
      );
      const link = new URL(
        await offersLink(test.storage, "https://x.test", lead.leadId, "en", new Date()),
      );
      const token = link.searchParams.get("token");
      expect(await redeemLandingToken(test.storage, token)).toBe(lead.leadId);
      await eraseContact(test.storage, { phone: "+94775550004" });
      expect(await redeemLandingToken(test.storage, token)).toBeUndefined();
      expect(await offersLinkContacts(test.storage, lead.leadId)).toBeUndefined();
      const left = await test.storage.db
        .selectFrom("landing_tokens")
        .select("lead_id")
        .where("lead_id", "=", lead.leadId)
        .execute();
      expect(left).toEqual([]);
    });
  });
});
