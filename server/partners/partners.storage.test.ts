import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { recordClick } from "../borrowers/clicks";
import { publicAddresses } from "../http/outbound";
import { loadCatalogues } from "../lenders/catalogue";
import { COMMAND_LINE } from "../staff/audit";
import { onEachEngine, type TestStorage } from "../test-support";
import { createLead, createVerifiedLead } from "./leads.test-support";
import {
  createPartner,
  decideSignUp,
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
const cli = { actor: COMMAND_LINE };

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

/** The DNS answers of these tests; the rule that judges them is the production one. */
const dns: Record<string, string[]> = {
  "intranet.lankadeals.lk": ["10.20.30.40"],
  "mixed.lankadeals.lk": ["8.8.8.8", "192.168.0.10"],
  "mapped.lankadeals.lk": ["::ffff:127.0.0.1"],
  "cgnat.lankadeals.lk": ["100.100.100.100"],
  "lankadeals.lk": ["8.8.4.4", "2001:4860:4860::8844"],
};
/** How postback URLs are checked when saved, over that DNS: https only, as in production. */
const rules = {
  allowHttp: false,
  resolve: (host: string) =>
    publicAddresses(host, async (name) => {
      const found = dns[name];
      if (!found) throw new Error(`ENOTFOUND ${name}`);
      return found;
    }),
};
const saved = { postbackRules: rules };

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
      const { partner, keys } = await createPartner(
        test.storage,
        { ...base, id: "lanka-deals" },
        saved,
      );
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
      await createPartner(test.storage, { ...base, id: "taken" }, saved);
      await expect(createPartner(test.storage, { ...base, id: "taken" }, saved)).rejects.toThrow(
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

    it("refuses a postback URL that is not https or whose host is not a public address", async () => {
      const refused = [
        "http://lankadeals.lk/pb",
        "https://127.0.0.1/pb",
        "https://127.1.2.3:8443/pb",
        "https://[::1]/pb",
        "https://localhost:6379/",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.1/pb",
        "https://172.16.5.4/pb",
        "https://192.168.1.1/pb",
        "https://100.64.0.1/pb",
        "https://[fd12:3456::1]/pb",
        "https://[fe80::1]/pb",
        "https://[::ffff:10.0.0.1]/pb",
        "https://[::ffff:169.254.169.254]/pb",
        "https://[64:ff9b::a00:1]/pb",
        "https://224.0.0.1/pb",
        "https://[ff02::1]/pb",
        "https://0.0.0.0/pb",
        "https://[::]/pb",
        "https://192.0.2.10/pb",
        "https://198.51.100.10/pb",
        "https://203.0.113.10/pb",
        "https://[2001:db8::1]/pb",
        "https://198.18.0.1/pb",
        "https://255.255.255.255/pb",
        "https://2130706433/pb",
        "https://0x7f.1/pb",
      ];
      for (const [index, postbackUrl] of refused.entries()) {
        const id = `refused-${index}`;
        await expect(
          createPartner(test.storage, { ...base, id, postbackUrl }),
          postbackUrl,
        ).rejects.toBeInstanceOf(PartnerError);
        expect(await findPartner(test.storage, id)).toBeUndefined();
      }
      const { partner } = await createPartner(test.storage, {
        ...base,
        id: "changing-url",
        postbackUrl: null,
      });
      await expect(
        updatePartner(test.storage, partner.id, { postbackUrl: "https://10.1.1.1/pb" }, cli),
      ).rejects.toThrow(/postbackUrl/);
      expect((await findPartner(test.storage, partner.id))?.postbackUrl).toBeNull();
    });

    it("refuses a postback host name that resolves to an address that is not public", async () => {
      for (const host of ["intranet", "mixed", "mapped", "cgnat", "nowhere"]) {
        await expect(
          createPartner(
            test.storage,
            { ...base, id: `dns-${host}`, postbackUrl: `https://${host}.lankadeals.lk/pb` },
            { postbackRules: rules },
          ),
        ).rejects.toBeInstanceOf(PartnerError);
      }
      await expect(
        createPartner(
          test.storage,
          { ...base, id: "macro-host", postbackUrl: "https://{sub1}.lankadeals.lk/pb" },
          { postbackRules: rules },
        ),
      ).rejects.toThrow(/host/);
      const { partner } = await createPartner(
        test.storage,
        { ...base, id: "public-dns" },
        { postbackRules: rules },
      );
      expect(partner.postbackUrl).toBe(base.postbackUrl);
      // http only where the configuration allows it (NODE_ENV not production).
      const http = "http://lankadeals.lk/pb?c={click_id}";
      await expect(
        updatePartner(
          test.storage,
          partner.id,
          { postbackUrl: http },
          { postbackRules: rules, ...cli },
        ),
      ).rejects.toBeInstanceOf(PartnerError);
      const updated = await updatePartner(
        test.storage,
        partner.id,
        { postbackUrl: http },
        { postbackRules: { ...rules, allowHttp: true }, ...cli },
      );
      expect(updated.postbackUrl).toBe(http);
    });

    it("rotates the secret key: the old one stops working, the publishable key stays", async () => {
      const { keys } = await createPartner(test.storage, { ...base, id: "rotating" }, saved);
      const rotated = await rotateKeys(test.storage, "rotating", ["secret"], cli);
      expect(rotated.publishableKey).toBeUndefined();
      expect(rotated.secretKey).not.toBe(keys.secretKey);
      expect(await partnerBySecretKey(test.storage, keys.secretKey)).toBeUndefined();
      expect((await partnerBySecretKey(test.storage, rotated.secretKey ?? ""))?.id).toBe(
        "rotating",
      );
      expect((await partnerByPublishableKey(test.storage, keys.publishableKey))?.id).toBe(
        "rotating",
      );
      const all = await rotateKeys(test.storage, "rotating", ["publishable", "postback"], cli);
      expect(await partnerByPublishableKey(test.storage, keys.publishableKey)).toBeUndefined();
      expect(await postbackSecretOf(test.storage, "rotating")).toBe(all.postbackSecret);
      await expect(rotateKeys(test.storage, "nobody", ["secret"], cli)).rejects.toThrow(
        /no partner/,
      );
    });

    it("updates origins and the postback URL; a disabled partner's keys stop working", async () => {
      const { keys } = await createPartner(test.storage, { ...base, id: "updating" }, saved);
      const updated = await updatePartner(
        test.storage,
        "updating",
        { origins: ["https://new.lk"], postbackUrl: null },
        cli,
      );
      expect(updated).toMatchObject({ origins: ["https://new.lk"], postbackUrl: null });
      await setPartnerDisabled(test.storage, "updating", true, cli);
      expect(await partnerBySecretKey(test.storage, keys.secretKey)).toBeUndefined();
      expect(await partnerByPublishableKey(test.storage, keys.publishableKey)).toBeUndefined();
      await setPartnerDisabled(test.storage, "updating", false, cli);
      expect((await partnerBySecretKey(test.storage, keys.secretKey))?.id).toBe("updating");
    });

    it("attributes a lead to a known partner named by its attribution, and the lead's clicks", async () => {
      await createPartner(test.storage, { ...base, id: "attributing" }, saved);
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
      const { keys } = await createPartner(test.storage, { ...base, id: "keyed" }, saved);
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
      await createPartner(test.storage, { ...base, id: "dormant" }, saved);
      await setPartnerDisabled(test.storage, "dormant", true, cli);
      const lead = await createLead(
        test.storage,
        applicationOf({ partner: "dormant", phone: "0771000009" }),
        offers,
      );
      expect(lead.partnerId).toBeNull();
    });

    it("keeps a pending sign-up's keys and attribution off until it is approved, and logs both", async () => {
      const { keys } = await createPartner(
        test.storage,
        { ...base, id: "signing-up" },
        { ...saved, status: "pending" },
      );
      expect(await partnerBySecretKey(test.storage, keys.secretKey)).toBeUndefined();
      expect(await partnerByPublishableKey(test.storage, keys.publishableKey)).toBeUndefined();
      const before = await createLead(
        test.storage,
        applicationOf({ partner: "signing-up", phone: "0771000012" }),
        offers,
      );
      expect(before.partnerId).toBeNull();

      // Approving sets the terms the operator gave, in the same change (decision 0429).
      const approved = await decideSignUp(test.storage, "signing-up", "approve", {
        ...cli,
        terms: { payoutModel: "sale", payoutRupees: 2_500 },
      });
      expect(approved).toMatchObject({
        status: "active",
        payoutModel: "sale",
        payoutRupees: 2_500,
      });
      expect((await partnerBySecretKey(test.storage, keys.secretKey))?.id).toBe("signing-up");
      await expect(decideSignUp(test.storage, "signing-up", "reject", cli)).rejects.toThrow(
        /not waiting for approval/,
      );

      await createPartner(
        test.storage,
        { ...base, id: "turned-down" },
        { ...saved, status: "pending" },
      );
      expect((await decideSignUp(test.storage, "turned-down", "reject", cli)).status).toBe(
        "rejected",
      );
      const entries = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "in", ["partner:signing-up", "partner:turned-down"])
        .orderBy("at")
        .execute();
      expect(entries.map((entry) => entry.action).sort()).toEqual([
        "partner.approve",
        "partner.create",
        "partner.create",
        "partner.reject",
      ]);
      const approval = entries.find((entry) => entry.action === "partner.approve");
      expect(JSON.parse(approval?.before ?? "{}")).toMatchObject({ status: "pending" });
      expect(JSON.parse(approval?.after ?? "{}")).toMatchObject({
        status: "active",
        payoutModel: "sale",
        payoutRupees: 2_500,
      });
      const logged = entries.map((entry) => `${entry.before}${entry.after}`).join("");
      expect(logged).not.toContain(keys.secretKey);
      expect(logged).not.toContain(keys.postbackSecret);
      expect(logged).not.toContain(keys.publishableKey);
    });

    it("logs a key rotation without any key", async () => {
      await createPartner(test.storage, { ...base, id: "rotated-logged" }, saved);
      const keys = await rotateKeys(test.storage, "rotated-logged", ["secret", "publishable"], cli);
      const entry = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", "partner:rotated-logged")
        .where("action", "=", "partner.rotate")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.after ?? "{}")).toMatchObject({
        rotated: ["secret", "publishable"],
        publishableKeyEnd: keys.publishableKey?.slice(-4),
      });
      expect(entry.after).not.toContain(keys.secretKey);
      expect(entry.after).not.toContain(keys.publishableKey);
      expect(entry.actor).toBe("command line");
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
