import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../accounts/tokens";
import { smtpMailTransport } from "../messaging/mail-smtp";
import { createMessenger } from "../messaging/messenger";
import { readableBody, startTestSmtp, type TestSmtp } from "../messaging/smtp.test-support";
import {
  onEachEngine,
  recordingLog,
  type TestStorage,
  testOutboundRules,
  testOutbox,
} from "../test-support";
import { runLendersCommand } from "./cli";
import { acceptInvitation, invitationOf } from "./lender-accounts";
import { importLenders } from "./lender-import";
import { API_HOST, apiLender } from "./test-lenders";

/**
 * `npm run lenders -- invite` (issue 34) on a real storage, with the link
 * e-mailed through a real SMTP server on loopback: one account per address,
 * a new link stops the earlier one, nothing personal in the log, and
 * without a real transport the link is printed once instead.
 */
const ORIGIN = "https://nayacompare.test";
const urlRules = testOutboundRules({ [API_HOST]: ["192.0.2.10"] });

function inviteContract(name: string, open: () => Promise<TestStorage>) {
  describe(`npm run lenders -- invite on ${name}`, () => {
    let test: TestStorage;
    let smtp: TestSmtp;
    const recorded = recordingLog();
    const clock = new Date("2026-11-29T06:00:00.000Z");
    const run = async (...argv: string[]) => {
      const messenger = createMessenger(
        {
          sms: testOutbox().messenger.sms,
          mail: smtpMailTransport(smtp.url, "portal@nayacompare.test"),
        },
        recorded.log,
      );
      try {
        return await runLendersCommand(test.storage, argv, {
          allowSandbox: false,
          urlRules,
          invite: { origin: ORIGIN, messenger, now: () => clock },
        });
      } finally {
        await messenger.close();
      }
    };
    const tokenIn = (raw: string) => /[?&]token=([A-Za-z0-9_-]{43})/.exec(readableBody(raw))?.[1];
    beforeAll(async () => {
      test = await open();
      smtp = await startTestSmtp();
      await importLenders(test.storage, [apiLender()], {
        urlRules,
        allowSandbox: false,
        baseDir: ".",
      });
    });
    afterAll(async () => {
      await smtp?.close();
      await test?.cleanup();
    });

    it("e-mails a developer a one-time link to the portal in their language, and prints no token", async () => {
      const outcome = await run(
        "invite",
        "harbour-api",
        "--email",
        "Dev.One@Harbour.example",
        "--role",
        "developer",
        "--language",
        "ta",
      );
      expect(outcome).toMatchObject({ exitCode: 0, err: [] });
      expect(outcome.out[0]).toMatch(
        /^Invited the developer of harbour-api \(account [0-9a-f-]{36}\)\.$/,
      );
      expect(outcome.out.join("\n")).not.toMatch(/token=|dev\.one/i);
      const [mail] = smtp.mailsTo("dev.one@harbour.example");
      expect(mail).toBeDefined();
      const body = readableBody(mail?.raw ?? "");
      expect(body).toContain(`${ORIGIN}/ta/lender/portal/enrol/?token=`);
      expect(body).toContain("Harbour Instant Credit");
      const token = tokenIn(mail?.raw ?? "") ?? "";
      const account = await invitationOf(test.storage, token, clock);
      expect(account).toMatchObject({
        email: "dev.one@harbour.example",
        role: "developer",
        lender_id: "harbour-api",
      });
      // Only the token's hash is stored.
      const links = await test.storage.db.selectFrom("lender_account_links").selectAll().execute();
      expect(links.map((link) => link.token_hash)).toEqual([tokenHash(token)]);
      expect(recorded.lines.join("\n")).not.toMatch(/dev\.one|token=/i);
    });

    it("makes an admin by default; a second invitation stops the first link and the link works once", async () => {
      expect((await run("invite", "harbour-api", "--email", "boss@harbour.example")).exitCode).toBe(
        0,
      );
      const first = tokenIn(smtp.mailsTo("boss@harbour.example")[0]?.raw ?? "") ?? "";
      expect(await invitationOf(test.storage, first, clock)).toMatchObject({ role: "admin" });
      expect((await run("invite", "harbour-api", "--email", "boss@harbour.example")).exitCode).toBe(
        0,
      );
      const second = tokenIn(smtp.mailsTo("boss@harbour.example")[1]?.raw ?? "") ?? "";
      expect(await invitationOf(test.storage, first, clock)).toBeUndefined();
      const accepted = await acceptInvitation(
        test.storage,
        second,
        "a ledger of quiet herons",
        clock,
      );
      expect(accepted?.password_hash).toMatch(/^\$argon2id\$/);
      expect(
        await acceptInvitation(test.storage, second, "a ledger of quiet herons", clock),
      ).toBeUndefined();
      // Past its 72 hours a link works no more.
      expect((await run("invite", "harbour-api", "--email", "late@harbour.example")).exitCode).toBe(
        0,
      );
      const late = tokenIn(smtp.mailsTo("late@harbour.example")[0]?.raw ?? "") ?? "";
      expect(
        await invitationOf(test.storage, late, new Date(clock.getTime() + 72 * 3_600_000)),
      ).toBeUndefined();
    });

    it("refuses an unknown lender, a bad address, a role or language it does not know", async () => {
      expect(await run("invite", "nobody", "--email", "a@b.example")).toMatchObject({
        exitCode: 1,
        err: ['There is no lender "nobody".'],
      });
      expect((await run("invite", "harbour-api", "--email", "not an address")).exitCode).toBe(1);
      expect(
        (await run("invite", "harbour-api", "--email", "a@b.example", "--role", "owner")).exitCode,
      ).toBe(2);
      expect(
        (await run("invite", "harbour-api", "--email", "a@b.example", "--language", "fr")).exitCode,
      ).toBe(2);
      expect((await run("invite", "harbour-api")).exitCode).toBe(2);
      const accounts = await test.storage.db
        .selectFrom("lender_accounts")
        .select("email")
        .execute();
      expect(accounts.map((row) => row.email).sort()).toEqual([
        "boss@harbour.example",
        "dev.one@harbour.example",
        "late@harbour.example",
      ]);
    });

    it("prints the link once when no e-mail transport is configured", async () => {
      const outbox = testOutbox();
      const outcome = await runLendersCommand(
        test.storage,
        ["invite", "harbour-api", "--email", "ops@harbour.example"],
        {
          allowSandbox: false,
          urlRules,
          invite: { origin: ORIGIN, messenger: outbox.messenger, now: () => clock },
        },
      );
      expect(outcome.exitCode).toBe(0);
      expect(outcome.out.at(-1)).toMatch(
        new RegExp(`^${ORIGIN}/en/lender/portal/enrol/\\?token=[A-Za-z0-9_-]{43}$`),
      );
      expect(outbox.messages()).toEqual([]);
    });
  });
}

onEachEngine(inviteContract);
