import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/schemas/application.fixtures";
import { createVerifiedLead } from "../borrowers/applicant.test-support";
import { recordClick } from "../borrowers/clicks";
import { createLead } from "../borrowers/leads";
import { loadCatalogues } from "../lenders/catalogue";
import { onEachEngine, type TestStorage } from "../test-support";
import {
  createPartner,
  findPartner,
  hashSecretKey,
  listPartners,
  PartnerError,
  partnerByPublishableKey,
  partnerBySecretKey,
  partnerIdFrom,
  postbackSecretOf,
  rotateKeys,
  setPartnerDisabled,
  updatePartner,
} from "./partners";

const offers = loadCatalogues().get("lk") ?? [];

function applicationOf(overrides: Record<string, unknown>) {
  return applicationSchema(TEST_TODAY).parse({ ...validApplication, ...overrides });
}

const base = {
  name: "Lanka Deals",
  payoutModel: "lead" as const,
  payoutRupees: 400,
  origins: ["https://lankadeals.lk/", "http://localhost:8080"],
  postbackUrl: "https://lankadeals.lk/pb?c={click_id}&s={status}&p={payout}&s1={sub1}",
};

function partnersContract(name: string, open: () => Promise<TestStorage>) {
  describe(`partners on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("creates a partner whose secret key is stored only as its SHA-256", async () => {
      const { partner, keys } = await createPartner(test.storage, { ...base, id: "lanka-deals" });
      expect(keys.secretKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
      expect(keys.publishableKey).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
      expect(keys.postbackSecret).toMatch(/^whsec_/);
      expect(partner.origins).toEqual(["https://lankadeals.lk", "http://localhost:8080"]);
      const row = await test.storage.db
        .selectFrom("partners")
        .selectAll()
        .where("id", "=", "lanka-deals")
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(keys.secretKey);
      expect(row.secret_key_hash).toBe(hashSecretKey(keys.secretKey));
      expect(await postbackSecretOf(test.storage, "lanka-deals")).toBe(keys.postbackSecret);
      expect((await partnerBySecretKey(test.storage, keys.secretKey))?.id).toBe("lanka-deals");
      expect((await partnerByPublishableKey(test.storage, keys.publishableKey))?.id).toBe(
        "lanka-deals",
      );
      // A publishable key is not a secret key, and a near miss finds nothing.
      expect(await partnerBySecretKey(test.storage, keys.publishableKey)).toBeUndefined();
      expect(
        await partnerBySecretKey(
          test.storage,
          `${keys.secretKey.slice(0, -1)}${keys.secretKey.endsWith("A") ? "B" : "A"}`,
        ),
      ).toBeUndefined();
      expect((await listPartners(test.storage)).map((listed) => listed.id)).toContain(
        "lanka-deals",
      );
    });

    it("refuses a taken id, an origin with a path and an unknown macro", async () => {
      await createPartner(test.storage, { ...base, id: "taken" });
      await expect(createPartner(test.storage, { ...base, id: "taken" })).rejects.toThrow(
        /exists already/,
      );
      const withPath = createPartner(test.storage, {
        ...base,
        id: "with-path",
        origins: ["https://partner.lk/shop"],
      });
      await expect(withPath).rejects.toBeInstanceOf(PartnerError);
      await expect(
        createPartner(test.storage, {
          ...base,
          id: "bad-macro",
          postbackUrl: "https://partner.lk/pb?email={email}",
        }),
      ).rejects.toThrow(/macros/);
      expect(await findPartner(test.storage, "with-path")).toBeUndefined();
      expect(await findPartner(test.storage, "bad-macro")).toBeUndefined();
    });

    it("rotates the secret key: the old one stops working, the publishable key stays", async () => {
      const { keys } = await createPartner(test.storage, { ...base, id: "rotating" });
      const rotated = await rotateKeys(test.storage, "rotating", ["secret"]);
      expect(rotated.publishableKey).toBeUndefined();
      expect(rotated.secretKey).not.toBe(keys.secretKey);
      expect(await partnerBySecretKey(test.storage, keys.secretKey)).toBeUndefined();
      expect((await partnerBySecretKey(test.storage, rotated.secretKey ?? ""))?.id).toBe(
        "rotating",
      );
      expect((await partnerByPublishableKey(test.storage, keys.publishableKey))?.id).toBe(
        "rotating",
      );
      const all = await rotateKeys(test.storage, "rotating", ["publishable", "postback"]);
      expect(await partnerByPublishableKey(test.storage, keys.publishableKey)).toBeUndefined();
      expect(await postbackSecretOf(test.storage, "rotating")).toBe(all.postbackSecret);
      await expect(rotateKeys(test.storage, "nobody", ["secret"])).rejects.toThrow(/no partner/);
    });

    it("updates origins and the postback URL; a disabled partner's keys stop working", async () => {
      const { keys } = await createPartner(test.storage, { ...base, id: "updating" });
      const updated = await updatePartner(test.storage, "updating", {
        origins: ["https://new.lk"],
        postbackUrl: null,
      });
      expect(updated).toMatchObject({ origins: ["https://new.lk"], postbackUrl: null });
      await setPartnerDisabled(test.storage, "updating", true);
      expect(await partnerBySecretKey(test.storage, keys.secretKey)).toBeUndefined();
      expect(await partnerByPublishableKey(test.storage, keys.publishableKey)).toBeUndefined();
      await setPartnerDisabled(test.storage, "updating", false);
      expect((await partnerBySecretKey(test.storage, keys.secretKey))?.id).toBe("updating");
    });

    it("attributes a lead to a known partner named by its attribution, and the lead's clicks", async () => {
      await createPartner(test.storage, { ...base, id: "attributing" });
      const known = await createVerifiedLead(
        test.storage,
        applicationOf({ partner: "attributing", sub1: "campaign-7", phone: "0771000001" }),
        offers,
      );
      const unknown = await createVerifiedLead(
        test.storage,
        applicationOf({ partner: "nobody-we-know", phone: "0771000002" }),
        offers,
      );
      const direct = await createLead(test.storage, applicationOf({ phone: "0771000003" }), offers);
      expect([known.partnerId, unknown.partnerId, direct.partnerId]).toEqual([
        "attributing",
        null,
        null,
      ]);
      const offer = offers.find((candidate) => candidate.offer_id === 101);
      if (!offer) throw new Error("offer 101 is missing");
      const { clickId } = await recordClick(test.storage, offer, known.leadId);
      const { clickId: otherClick } = await recordClick(test.storage, offer, unknown.leadId);
      const clicks = await test.storage.db
        .selectFrom("clicks")
        .select(["id", "partner_id"])
        .where("id", "in", [clickId, otherClick])
        .execute();
      expect(Object.fromEntries(clicks.map((click) => [click.id, click.partner_id]))).toEqual({
        [clickId]: "attributing",
        [otherClick]: null,
      });
      // The repeat of an attributed application is a lead of its own until its code joins
      // the first one (issue 14; it used to answer the first lead at once), whose partner stays.
      const repeat = await createVerifiedLead(
        test.storage,
        applicationOf({ phone: "0771000001", partner: "someone-else" }),
        offers,
      );
      expect(repeat.leadId).not.toBe(known.leadId);
      expect(repeat.repeatOf).toBe(known.leadId);
      expect(repeat.verifiedLeadId).toBe(known.leadId);
      const first = await test.storage.db
        .selectFrom("leads")
        .select("partner_id")
        .where("id", "=", known.leadId)
        .executeTakeFirstOrThrow();
      expect(first.partner_id).toBe("attributing");
    });

    it("attributes a lead whose partner is the partner's publishable key (the widget's `partner`)", async () => {
      const { keys } = await createPartner(test.storage, { ...base, id: "keyed" });
      const lead = await createLead(
        test.storage,
        applicationOf({ partner: keys.publishableKey, phone: "0771000010" }),
        offers,
      );
      expect(lead.partnerId).toBe("keyed");
      const stranger = await createLead(
        test.storage,
        applicationOf({ partner: "pk_notakeyofanyone", phone: "0771000011" }),
        offers,
      );
      expect(stranger.partnerId).toBeNull();
    });

    it("does not attribute to a disabled partner", async () => {
      await createPartner(test.storage, { ...base, id: "dormant" });
      await setPartnerDisabled(test.storage, "dormant", true);
      const lead = await createLead(
        test.storage,
        applicationOf({ partner: "dormant", phone: "0771000009" }),
        offers,
      );
      expect(lead.partnerId).toBeNull();
    });
  });
}

describe("partner ids", () => {
  it("are made from a name", () => {
    expect(partnerIdFrom("Lanka Deals (Pvt) Ltd")).toBe("lanka-deals-pvt-ltd");
    expect(partnerIdFrom("  ශ්‍රී Loans!! ")).toBe("loans");
  });
});

onEachEngine(partnersContract);
