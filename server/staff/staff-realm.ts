import type { Realm } from "../accounts/realm";
import { type AuditActor, recordAudit } from "./audit";
import { type StaffRow, staffByEmail } from "./staff";

/**
 * The back office's realm (accounts/realm.ts): members of staff, signed in
 * at /admin/sign-in/ (sign-in-routes.ts). A session ends after 30 minutes
 * without a request and 12 hours after sign-in; a browser a member signed
 * in with is trusted for half a year (its own failures, no address limit:
 * decision 0133); five wrong codes end a session waiting for the second
 * factor; a recovery code spent is audited.
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const SESSION_COOKIE = "admin_session";
export const DEVICE_COOKIE = "admin_device";
/** Trusted browsers are remembered half a year (sign-in-throttle.ts). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;
/** Attempts per address in 15 minutes from browsers not trusted for the account (0133). */
export const SIGN_IN_PER_ADDRESS = { limit: 50, windowMs: 15 * 60 * 1000 };

/** A member as the audit log names them for their own changes. */
export const selfActor = (staff: StaffRow): AuditActor => ({ id: staff.id, label: staff.email });

export const STAFF_REALM: Realm<StaffRow> = {
  name: "staff",
  accountsTable: "staff",
  sessions: {
    table: "staff_sessions",
    accountColumn: "staff_id",
    idleMs: SESSION_IDLE_MS,
    absoluteMs: SESSION_ABSOLUTE_MS,
  },
  recoveryCodes: { table: "staff_recovery_codes", accountColumn: "staff_id", scope: "staff" },
  cookies: {
    session: SESSION_COOKIE,
    path: "/admin",
    device: { name: DEVICE_COOKIE, maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS },
  },
  throttle: { keyPrefix: "", perAddress: { name: "staff sign-in", ...SIGN_IN_PER_ADDRESS } },
  secondFactor: { codeMaxLength: 40, tries: "session" },
  accounts: {
    byEmail: staffByEmail,
    isDisabled: (staff) => staff.disabled_at !== null,
    hasSecondFactor: (staff) => staff.totp_enabled_at !== null,
    async signedIn(storage, staffId, now) {
      await storage.db
        .updateTable("staff")
        .set({ last_sign_in_at: now.toISOString() })
        .where("id", "=", staffId)
        .execute();
    },
    async recoveryCodeUsed(trx, staff, now) {
      await recordAudit(
        trx,
        selfActor(staff),
        { action: "staff.recovery_code_used", subject: `staff:${staff.id}` },
        now,
      );
    },
  },
};
