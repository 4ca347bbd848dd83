import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenOf } from "../accounts/csrf";
import { clearFailures, countFailure, signInWait } from "../accounts/sign-in-throttle";
import { onEachEngine, type TestStorage } from "../test-support";
import { auditEntries, COMMAND_LINE, recordAudit } from "./audit";
import { endEverySession, liveSession, startSession } from "./sessions";
import {
  completeEnrolment,
  createStaff,
  ENROLMENT_LINK_MS,
  enrolmentOf,
  newEnrolmentLink,
  setStaffDisabled,
  setStaffRole,
  staffById,
} from "./staff";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./staff-realm";
import { spendTotpStep } from "./two-factor";

const T0 = new Date("2026-11-21T06:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const PASSWORD = "tea kandy monsoon bus";

/** Staff accounts, links, sessions, sign-in failures and the audit log, alike on both engines. */
function staffContract(name: string, open: () => Promise<TestStorage>) {
  describe(`staff storage on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("keeps a one-time link as a hash, for 24 hours and one use; two uses at once: one wins", async () => {
      const issued = await createStaff(
        test.storage,
        { email: "Link.Test@NayaCompare.lk", role: "moderator" },
        COMMAND_LINE,
        T0,
      );
      expect(issued.staff.email).toBe("link.test@nayacompare.lk");
      const rows = await test.storage.db.selectFrom("staff_enrolments").selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(issued.token);
      expect(
        (await enrolmentOf(test.storage, issued.token, later(ENROLMENT_LINK_MS - 1)))?.id,
      ).toBe(issued.staff.id);
      expect(
        await enrolmentOf(test.storage, issued.token, later(ENROLMENT_LINK_MS)),
      ).toBeUndefined();
      const [first, second] = await Promise.all([
        completeEnrolment(test.storage, issued.token, PASSWORD, later(MINUTE)),
        completeEnrolment(test.storage, issued.token, PASSWORD, later(MINUTE)),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(await enrolmentOf(test.storage, issued.token, later(2 * MINUTE))).toBeUndefined();
      const stored = await staffById(test.storage, issued.staff.id);
      expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it("replaces a member's earlier link with a new one", async () => {
      const issued = await createStaff(
        test.storage,
        { email: "relink@nayacompare.lk", role: "analyst" },
        COMMAND_LINE,
        T0,
      );
      const again = await newEnrolmentLink(test.storage, issued.staff.id, COMMAND_LINE, T0);
      expect(await enrolmentOf(test.storage, issued.token, T0)).toBeUndefined();
      expect((await enrolmentOf(test.storage, again.token, T0))?.email).toBe(
        "relink@nayacompare.lk",
      );
    });

    it("ends a session after 30 idle minutes, and 12 hours after sign-in whatever the activity", async () => {
      const { staff } = await createStaff(
        test.storage,
        { email: "sessions@nayacompare.lk", role: "moderator" },
        COMMAND_LINE,
        T0,
      );
      const idle = await startSession(test.storage, staff.id, "signed_in", T0);
      expect((await liveSession(test.storage, idle, later(SESSION_IDLE_MS - 1)))?.csrf).toBe(
        csrfTokenOf(idle),
      );
      // That request restarted the idle time.
      expect(await liveSession(test.storage, idle, later(2 * SESSION_IDLE_MS - 2))).toBeDefined();
      expect(await liveSession(test.storage, idle, later(3 * SESSION_IDLE_MS))).toBeUndefined();
      // Ended sessions are gone from storage, not just refused.
      expect(await liveSession(test.storage, idle, later(SESSION_IDLE_MS))).toBeUndefined();

      const busy = await startSession(test.storage, staff.id, "signed_in", T0);
      for (let at = 20 * MINUTE; at < SESSION_ABSOLUTE_MS; at += 20 * MINUTE) {
        expect(
          await liveSession(test.storage, busy, later(at)),
          `${at / MINUTE} min`,
        ).toBeDefined();
      }
      expect(await liveSession(test.storage, busy, later(SESSION_ABSOLUTE_MS))).toBeUndefined();
    });

    it("ends every session of a member at once, and those of a disabled member", async () => {
      const { staff } = await createStaff(
        test.storage,
        { email: "everywhere@nayacompare.lk", role: "analyst" },
        COMMAND_LINE,
        T0,
      );
      const a = await startSession(test.storage, staff.id, "signed_in", T0);
      const b = await startSession(test.storage, staff.id, "second_factor", T0);
      expect(await endEverySession(test.storage, staff.id)).toBe(2);
      expect(await liveSession(test.storage, a, T0)).toBeUndefined();
      expect(await liveSession(test.storage, b, T0)).toBeUndefined();
      const c = await startSession(test.storage, staff.id, "signed_in", T0);
      await setStaffDisabled(test.storage, staff.id, true, COMMAND_LINE, T0);
      expect(await liveSession(test.storage, c, T0)).toBeUndefined();
    });

    it("counts concurrent failures without losing one, and forgets a key after a quiet day", async () => {
      const key = "account:test";
      await Promise.all(Array.from({ length: 8 }, () => countFailure(test.storage, key, T0)));
      const row = await test.storage.db
        .selectFrom("staff_sign_in_failures")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(8);
      // Eight failures in a row: the next attempt waits 2^(8-5) = 8 s after the last.
      expect(await signInWait(test.storage, key, T0)).toBe(8_000);
      expect(await signInWait(test.storage, key, later(8_000))).toBe(0);
      expect(await signInWait(test.storage, key, later(24 * 60 * MINUTE))).toBe(0);
      await countFailure(test.storage, key, later(24 * 60 * MINUTE));
      expect(await signInWait(test.storage, key, later(24 * 60 * MINUTE))).toBe(0);
      await clearFailures(test.storage, key);
      expect(await signInWait(test.storage, key, T0)).toBe(0);
    });

    it("accepts a TOTP step only later than the last one accepted, once", async () => {
      const { staff } = await createStaff(
        test.storage,
        { email: "steps@nayacompare.lk", role: "moderator" },
        COMMAND_LINE,
        T0,
      );
      expect(await spendTotpStep(test.storage, staff.id, 100)).toBe(true);
      const both = await Promise.all([
        spendTotpStep(test.storage, staff.id, 101),
        spendTotpStep(test.storage, staff.id, 101),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await spendTotpStep(test.storage, staff.id, 100)).toBe(false);
    });

    it("keeps the audit log newest first, filtered by who, what and when, without personal data", async () => {
      const actor = { id: "member-a", label: "a@nayacompare.lk" };
      for (let index = 0; index < 5; index += 1) {
        await recordAudit(
          test.storage.db,
          index % 2 === 0 ? actor : COMMAND_LINE,
          {
            action: index < 3 ? "moderation.approve" : "staff.role",
            subject: `comment:c${index}`,
            before: { status: "pending", name: "Ama", email: "ama@example.lk" },
            after: { status: "approved" },
          },
          later(index * 60 * MINUTE),
        );
      }
      const all = await auditEntries(test.storage.db, {
        from: T0.toISOString(),
        to: later(4 * 60 * MINUTE).toISOString(),
        limit: 100,
        offset: 0,
      });
      const mine = all.entries.filter((entry) => entry.subject.startsWith("comment:c"));
      expect(mine.map((entry) => entry.subject)).toEqual([
        "comment:c4",
        "comment:c3",
        "comment:c2",
        "comment:c1",
        "comment:c0",
      ]);
      expect(mine[0]?.before).toBe('{"status":"pending"}');
      expect(JSON.stringify(mine)).not.toContain("ama@example.lk");
      const byActor = await auditEntries(test.storage.db, {
        actor: "member-a",
        limit: 10,
        offset: 0,
      });
      expect(byActor.entries.map((entry) => entry.subject)).toEqual([
        "comment:c4",
        "comment:c2",
        "comment:c0",
      ]);
      const byCommandLine = await auditEntries(test.storage.db, {
        actor: "command-line",
        action: "moderation.approve",
        limit: 10,
        offset: 0,
      });
      expect(byCommandLine.entries.map((entry) => entry.subject)).toEqual(["comment:c1"]);
      const window = await auditEntries(test.storage.db, {
        action: "moderation.approve",
        from: later(60 * MINUTE).toISOString(),
        to: later(2 * 60 * MINUTE).toISOString(),
        limit: 1,
        offset: 0,
      });
      expect(window).toEqual({
        entries: [expect.objectContaining({ subject: "comment:c2" })],
        more: true,
      });
    });

    it("keeps one active admin at least", async () => {
      const { staff } = await createStaff(
        test.storage,
        { email: "only.admin@nayacompare.lk", role: "admin" },
        COMMAND_LINE,
        T0,
      );
      // Other tests on this storage made no admin: this one is the only one.
      await expect(
        setStaffRole(test.storage, staff.id, "moderator", COMMAND_LINE, T0),
      ).rejects.toThrow("That would leave no active admin.");
      await expect(
        setStaffDisabled(test.storage, staff.id, true, COMMAND_LINE, T0),
      ).rejects.toThrow("That would leave no active admin.");
      const second = await createStaff(
        test.storage,
        { email: "second.admin@nayacompare.lk", role: "admin" },
        COMMAND_LINE,
        T0,
      );
      await setStaffRole(test.storage, staff.id, "moderator", COMMAND_LINE, T0);
      await expect(
        setStaffDisabled(test.storage, second.staff.id, true, COMMAND_LINE, T0),
      ).rejects.toThrow("That would leave no active admin.");
      const changes = await auditEntries(test.storage.db, {
        action: "staff.role",
        limit: 10,
        offset: 0,
      });
      expect(changes.entries.find((entry) => entry.subject === `staff:${staff.id}`)).toMatchObject({
        actor: "command line",
        before: '{"role":"admin"}',
        after: '{"role":"moderator"}',
      });
    });
  });
}

onEachEngine(staffContract);
