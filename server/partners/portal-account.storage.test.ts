import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPassword } from "../accounts/passwords";
import { onEachEngine, type TestStorage } from "../test-support";
import { portalAccountFor } from "./portal.test-support";
import {
  changePortalPassword,
  maskedPayoutDetails,
  newPortalRecoveryCodes,
  portalRecoveryCodesLeft,
  spendPortalRecoveryCode,
  turnOffPortalTotp,
  updatePortalPayout,
  updatePortalProfile,
} from "./portal-account";
import { livePortalSession, startPortalSession } from "./portal-realm";

const PASSWORD = "a kettle of seven herons";
const now = new Date("2026-11-25T06:00:00.000Z");

onEachEngine((engine, open) => {
  describe(`a portal account's own changes on ${engine}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    const accountRow = (id: string) =>
      test.storage.db
        .selectFrom("partner_accounts")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    it("spend each recovery code once, of its own account only; new codes replace the old", async () => {
      const a = await portalAccountFor(test.storage, {
        email: "codes-a@example.lk",
        name: "Codes A",
        password: PASSWORD,
        now,
      });
      const b = await portalAccountFor(test.storage, {
        email: "codes-b@example.lk",
        name: "Codes B",
        password: PASSWORD,
        now,
      });
      const codes = await newPortalRecoveryCodes(test.storage, a.id, now);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      // Kept as HMACs: no stored value holds a code.
      const stored = await test.storage.db
        .selectFrom("partner_recovery_codes")
        .selectAll()
        .where("account_id", "=", a.id)
        .execute();
      expect(stored).toHaveLength(10);
      for (const row of stored) {
        expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
        for (const code of codes) expect(JSON.stringify(row)).not.toContain(code.replace("-", ""));
      }
      const [first, second] = codes as [string, string];
      // Not B's, whatever B types.
      expect(await spendPortalRecoveryCode(test.storage, b.id, first, now)).toBe(false);
      // Typed as people type it: upper case, spaces for the dash.
      expect(
        await spendPortalRecoveryCode(
          test.storage,
          a.id,
          first.toUpperCase().replace("-", " "),
          now,
        ),
      ).toBe(true);
      expect(await spendPortalRecoveryCode(test.storage, a.id, first, now)).toBe(false);
      expect(await spendPortalRecoveryCode(test.storage, a.id, "123456", now)).toBe(false);
      expect(await portalRecoveryCodesLeft(test.storage, a.id)).toBe(9);

      const fresh = await newPortalRecoveryCodes(test.storage, a.id, now);
      expect(await portalRecoveryCodesLeft(test.storage, a.id)).toBe(10);
      expect(await spendPortalRecoveryCode(test.storage, a.id, second, now)).toBe(false);
      expect(await spendPortalRecoveryCode(test.storage, a.id, fresh[0] ?? "", now)).toBe(true);

      // Two-step sign-in off: the codes go with the secret.
      await test.storage.db
        .updateTable("partner_accounts")
        .set({ totp_secret: "JBSWY3DPEHPK3PXP", totp_last_step: 5 })
        .where("id", "=", a.id)
        .execute();
      await turnOffPortalTotp(test.storage, a.id, now);
      expect(await portalRecoveryCodesLeft(test.storage, a.id)).toBe(0);
      expect(await spendPortalRecoveryCode(test.storage, a.id, fresh[1] ?? "", now)).toBe(false);
      expect(await accountRow(a.id)).toMatchObject({
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
      });
      expect(await portalRecoveryCodesLeft(test.storage, b.id)).toBe(0);
    });

    it("change the payout details with an audit entry that holds no details", async () => {
      const account = await portalAccountFor(test.storage, {
        email: "payout@example.lk",
        name: "Payout Co",
        password: PASSWORD,
        now,
      });
      const other = await portalAccountFor(test.storage, {
        email: "payout-other@example.lk",
        name: "Other Co",
        password: PASSWORD,
        now,
      });
      await updatePortalPayout(
        test.storage,
        account,
        { method: "paypal", details: "payouts@payout-co.example" },
        now,
      );
      expect(await accountRow(account.id)).toMatchObject({
        payout_method: "paypal",
        payout_details: "payouts@payout-co.example",
      });
      expect(await accountRow(other.id)).toMatchObject({
        payout_method: "wire",
        payout_details: "Commercial Bank 8001234567",
      });
      const entries = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "partner.payout_details")
        .execute();
      expect(entries).toHaveLength(1);
      const entry = entries[0];
      expect(entry).toMatchObject({
        actor: "partner portal",
        actor_id: null,
        subject: `partner:${account.partner_id}`,
      });
      expect(JSON.parse(entry?.before ?? "{}")).toEqual({
        payout_method: "wire",
        payout_account: "•••• 4567",
      });
      expect(JSON.parse(entry?.after ?? "{}")).toEqual({
        payout_method: "paypal",
        payout_account: "•••• mple",
      });
      expect(JSON.stringify(entry)).not.toContain("8001234567");
      expect(JSON.stringify(entry)).not.toContain("payouts@");
      expect(maskedPayoutDetails("short")).toBe("••••");
      expect(maskedPayoutDetails("")).toBeNull();

      await updatePortalProfile(
        test.storage,
        account.id,
        {
          name: "Payout Company",
          website: "https://payout.example.lk",
          trafficSources: "A newsletter",
          countries: ["lk", "vn"],
        },
        now,
      );
      expect(await accountRow(account.id)).toMatchObject({
        name: "Payout Company",
        website: "https://payout.example.lk",
        traffic_sources: "A newsletter",
        countries: '["lk","vn"]',
      });
      expect(await accountRow(other.id)).toMatchObject({ name: "Other Co" });
    });

    it("change the password, ending every other session of the account only", async () => {
      const account = await portalAccountFor(test.storage, {
        email: "password@example.lk",
        name: "Password Co",
        password: PASSWORD,
        now,
      });
      const other = await portalAccountFor(test.storage, {
        email: "password-other@example.lk",
        name: "Password Other",
        password: PASSWORD,
        now,
      });
      const here = await startPortalSession(test.storage, account.id, now);
      const elsewhere = await startPortalSession(test.storage, account.id, now);
      const theirs = await startPortalSession(test.storage, other.id, now);
      await changePortalPassword(test.storage, account.id, "seven new herons at dawn", here, now);
      expect(await livePortalSession(test.storage, here, now)).toBeDefined();
      expect(await livePortalSession(test.storage, elsewhere, now)).toBeUndefined();
      expect(await livePortalSession(test.storage, theirs, now)).toBeDefined();
      const row = await accountRow(account.id);
      expect(await checkPassword(row.password_hash, "seven new herons at dawn")).toBe(true);
      expect(await checkPassword(row.password_hash, PASSWORD)).toBe(false);
      expect(await checkPassword((await accountRow(other.id)).password_hash, PASSWORD)).toBe(true);
    });
  });
});
