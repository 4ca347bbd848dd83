import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachEngine, type TestStorage } from "../test-support";
import { createPartner, findPartner } from "./partners";
import {
  accountByEmail,
  accountOfLink,
  accountSigningIn,
  ClaimRefused,
  confirmPortalTotp,
  inviteToClaim,
  LINK_HOURS,
  passwordLinkOf,
  pendingSignUpFacts,
  requestReset,
  type SignUpInput,
  setPasswordByLink,
  signUp,
  verifyEmail,
} from "./portal-accounts";
import {
  endPortalSession,
  livePortalSession,
  PORTAL_SESSION_IDLE_MS,
  pendingPortalTotpSecret,
  spendPortalTotpStep,
  startPortalSession,
} from "./portal-realm";

/**
 * Partner portal accounts on each engine (issue 18): a sign-up stored with
 * its password hashed, one account per e-mail, a verification link that
 * works once and within its hours and makes a pending partner (with a free
 * id beside a partner of the same name), and sessions that end when idle or
 * signed out.
 */
const PASSWORD = "a kettle of seven herons";
const input = (email: string, name = "Lanka Deals"): SignUpInput => ({
  kind: "company",
  name,
  email,
  password: PASSWORD,
  website: "https://lankadeals.example",
  trafficSources: "Search",
  countries: ["lk"],
  payoutMethod: "paypal",
  payoutDetails: "pay@lankadeals.example",
  locale: "si",
});

onEachEngine((engine, open) => {
  describe(`partner portal accounts on ${engine}`, () => {
    let test: TestStorage;
    const now = new Date("2026-11-25T06:00:00.000Z");
    beforeAll(async () => {
      test = await open();
      // A partner made by the command line already has the name's id.
      await createPartner(test.storage, {
        id: "lanka-deals",
        name: "Lanka Deals",
        payoutModel: "lead",
        payoutRupees: 100,
        origins: [],
        postbackUrl: null,
      });
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("stores a sign-up once per e-mail, its password as argon2id", async () => {
      const token = await signUp(test.storage, input("Owner@LankaDeals.example"), now);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Signing up again before verifying sends a new link to the same account.
      const again = await signUp(test.storage, input("owner@lankadeals.example", "Other"), now);
      expect(again).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await accountOfLink(test.storage, again ?? "", "verify", now))?.name).toBe(
        "Lanka Deals",
      );
      const account = await accountByEmail(test.storage, "OWNER@lankadeals.example");
      expect(account?.email).toBe("owner@lankadeals.example");
      expect(account?.password_hash).toMatch(/^\$argon2id\$/);
      expect(account?.partner_id).toBeNull();
      expect(account?.terms_accepted_at).toBe(now.toISOString());
      const links = await test.storage.db.selectFrom("partner_account_links").selectAll().execute();
      expect(links).toHaveLength(2);
      expect(links[0]?.token_hash).not.toBe(token);
    });

    it("verifies once, within the link's hours, to a pending partner with a free id", async () => {
      const token = (await signUp(test.storage, input("two@lankadeals.example"), now)) ?? "";
      const late = new Date(now.getTime() + LINK_HOURS * 3_600_000);
      expect(await accountOfLink(test.storage, token, "verify", late)).toBeUndefined();
      expect(await verifyEmail(test.storage, token, late)).toBeUndefined();
      expect(await accountOfLink(test.storage, token, "reset", now)).toBeUndefined();
      const verified = await verifyEmail(test.storage, token, now);
      expect(verified?.partner_id).toBe("lanka-deals-2");
      expect(verified?.email_verified_at).toBe(now.toISOString());
      expect((await findPartner(test.storage, "lanka-deals-2"))?.status).toBe("pending");
      expect((await pendingSignUpFacts(test.storage)).get("lanka-deals-2")).toEqual({
        kind: "company",
        website: "https://lankadeals.example",
        trafficSources: "Search",
        countries: ["lk"],
        payoutMethod: "paypal",
      });
      expect(await verifyEmail(test.storage, token, now)).toBeUndefined();
      // Once verified, signing up again gives nothing.
      expect(await signUp(test.storage, input("two@lankadeals.example"), now)).toBeUndefined();
      const stored = await accountByEmail(test.storage, "two@lankadeals.example");
      expect(stored?.partner_id).toBe("lanka-deals-2");
    });

    it("signs in with the right password only, and ends sessions idle or signed out", async () => {
      const email = "two@lankadeals.example";
      expect(await accountSigningIn(test.storage, email, "wrong password here")).toBeUndefined();
      expect(await accountSigningIn(test.storage, "none@x.example", PASSWORD)).toBeUndefined();
      const account = await accountSigningIn(test.storage, email, PASSWORD);
      expect(account?.email).toBe(email);
      const token = await startPortalSession(test.storage, account?.id ?? "", now);
      expect((await livePortalSession(test.storage, token, now))?.account.email).toBe(email);
      expect(await livePortalSession(test.storage, "x", now)).toBeUndefined();
      const idle = new Date(now.getTime() + PORTAL_SESSION_IDLE_MS);
      expect(await livePortalSession(test.storage, token, idle)).toBeUndefined();
      const again = await startPortalSession(test.storage, account?.id ?? "", now);
      await endPortalSession(test.storage, again);
      expect(await livePortalSession(test.storage, again, now)).toBeUndefined();
    });

    it("invites a CLI partner to claim its account once, and resets a password by link", async () => {
      await expect(
        inviteToClaim(test.storage, "nobody", "a@b.example", "en", now),
      ).rejects.toBeInstanceOf(ClaimRefused);
      await expect(
        inviteToClaim(test.storage, "lanka-deals", "two@lankadeals.example", "en", now),
      ).rejects.toThrow("Another portal account");
      const first = await inviteToClaim(
        test.storage,
        "lanka-deals",
        "cli@lankadeals.example",
        "en",
        now,
      );
      const second = await inviteToClaim(
        test.storage,
        "lanka-deals",
        "cli@lankadeals.example",
        "si",
        now,
      );
      // Inviting again replaces the link.
      expect(await passwordLinkOf(test.storage, first, now)).toBeUndefined();
      expect((await passwordLinkOf(test.storage, second, now))?.purpose).toBe("claim");
      // No password yet: no reset link, and no sign-in.
      expect(await requestReset(test.storage, "cli@lankadeals.example", now)).toBeUndefined();
      const claimed = await setPasswordByLink(test.storage, second, PASSWORD, now);
      expect(claimed?.partner_id).toBe("lanka-deals");
      const stored = await accountByEmail(test.storage, "cli@lankadeals.example");
      expect(stored?.email_verified_at).toBe(now.toISOString());
      expect(stored?.terms_accepted_at).toBe(now.toISOString());
      await expect(
        inviteToClaim(test.storage, "lanka-deals", "cli@lankadeals.example", "en", now),
      ).rejects.toThrow("claimed its account already");

      const session = await startPortalSession(test.storage, stored?.id ?? "", now);
      const reset = await requestReset(test.storage, "CLI@lankadeals.example", now);
      // Three links an hour to one address, however many ask.
      expect(await requestReset(test.storage, "cli@lankadeals.example", now)).toBeDefined();
      expect(await requestReset(test.storage, "cli@lankadeals.example", now)).toBeDefined();
      expect(await requestReset(test.storage, "cli@lankadeals.example", now)).toBeUndefined();
      const later = new Date(now.getTime() + 60 * 60 * 1000);
      expect(await requestReset(test.storage, "cli@lankadeals.example", later)).toBeDefined();
      expect((await passwordLinkOf(test.storage, reset?.token ?? "", now))?.purpose).toBe("reset");
      const NEW = "nine quiet lanterns by the lake";
      expect(await setPasswordByLink(test.storage, reset?.token ?? "", NEW, now)).toBeDefined();
      expect(await setPasswordByLink(test.storage, reset?.token ?? "", NEW, now)).toBeUndefined();
      expect(await livePortalSession(test.storage, session, now)).toBeUndefined();
      expect(await accountSigningIn(test.storage, "cli@lankadeals.example", NEW)).toBeDefined();
    });

    it("keeps a pending TOTP secret, turns it on, and accepts each time step once", async () => {
      const account = await accountByEmail(test.storage, "two@lankadeals.example");
      if (!account) throw new Error("no account");
      const secret = await pendingPortalTotpSecret(test.storage, account);
      const again = await accountByEmail(test.storage, "two@lankadeals.example");
      expect(await pendingPortalTotpSecret(test.storage, again ?? account)).toBe(secret);
      await confirmPortalTotp(test.storage, { ...account, totp_pending_secret: secret }, 100, now);
      const on = await accountByEmail(test.storage, "two@lankadeals.example");
      expect(on?.totp_secret).toBe(secret);
      expect(on?.totp_pending_secret).toBeNull();
      expect(await spendPortalTotpStep(test.storage, account.id, 100)).toBe(false);
      expect(await spendPortalTotpStep(test.storage, account.id, 101)).toBe(true);
      expect(await spendPortalTotpStep(test.storage, account.id, 101)).toBe(false);
      const half = await startPortalSession(test.storage, account.id, now, "second_factor");
      expect((await livePortalSession(test.storage, half, now))?.stage).toBe("second_factor");
      const late = new Date(now.getTime() + 5 * 60_000);
      expect(await livePortalSession(test.storage, half, late)).toBeUndefined();
    });
  });
});
