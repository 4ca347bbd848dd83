import * as secondFactor from "../accounts/second-factor";
import type { Storage } from "../storage/database";
import { recordAudit } from "./audit";
import type { StaffRow } from "./staff";
import { STAFF_REALM, selfActor } from "./staff-realm";

/**
 * A member's second factor (accounts/second-factor.ts in the staff realm):
 * enrolled with its first right code, which gives ten recovery codes and an
 * audit entry.
 */

/** The secret a member is enrolling with: the pending one, or a new one kept as pending. */
export const pendingTotpSecret = (storage: Storage, staff: StaffRow) =>
  secondFactor.pendingTotpSecret(storage, STAFF_REALM, staff);

/** Records the step of a code just accepted, so that it is never accepted again. */
export const spendTotpStep = (storage: Storage, staffId: string, step: number) =>
  secondFactor.spendTotpStep(storage, STAFF_REALM, staffId, step);

export const recoveryCodesLeft = (storage: Storage, staffId: string) =>
  secondFactor.recoveryCodesLeft(storage, STAFF_REALM, staffId);

/**
 * Makes the pending secret the member's second factor (its first code was
 * right, at `step`) and gives ten new recovery codes, shown once.
 */
export async function confirmTotp(
  storage: Storage,
  staff: StaffRow,
  step: number,
  now: Date,
): Promise<string[]> {
  const key = await storage.keys.hashKey();
  return storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({
        totp_secret: staff.totp_pending_secret,
        totp_pending_secret: null,
        totp_enabled_at: now.toISOString(),
        totp_last_step: step,
        updated_at: now.toISOString(),
      })
      .where("id", "=", staff.id)
      .execute();
    const codes = await secondFactor.replaceRecoveryCodes(trx, STAFF_REALM, staff.id, key, now);
    await recordAudit(
      trx,
      selfActor(staff),
      { action: "staff.two_factor", subject: `staff:${staff.id}`, after: { enrolled: true } },
      now,
    );
    return codes;
  });
}
