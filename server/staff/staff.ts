import { z } from "zod";
import type { StaffMember, StaffProblem, StaffRole } from "../../core/views/back-office";
import { hashPassword } from "../accounts/passwords";
import { NO_SECOND_FACTOR } from "../accounts/second-factor";
import { isTokenShaped, newToken, tokenHash } from "../accounts/tokens";
import type { Storage } from "../storage/database";
import { isOpaqueId, newOpaqueId } from "../storage/opaque-ids";
import type { StaffTable } from "../storage/schema";
import { type AuditActor, recordAudit } from "./audit";

/**
 * Staff accounts (issue 16): made by an admin (or `npm run staff`) with an
 * e-mail and a role; the member sets their password through a one-time
 * link that works for 24 hours, then enrols a TOTP second factor (required
 * for admins). Nothing is ever deleted: a member who leaves is disabled.
 * Every change is written to the audit log in the change's transaction.
 */
export const ENROLMENT_LINK_MS = 24 * 60 * 60 * 1000;

export class StaffError extends Error {
  constructor(readonly problem: StaffProblem) {
    super(
      {
        email: "That is not an e-mail address.",
        exists: "A member with that e-mail exists already.",
        last_admin: "That would leave no active admin.",
        self: "You cannot do that to your own account.",
        not_found: "There is no such member.",
      }[problem],
    );
    this.name = "StaffError";
  }
}

export const staffEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

export type StaffRow = StaffTable;

export async function staffByEmail(storage: Storage, email: string): Promise<StaffRow | undefined> {
  const parsed = staffEmailSchema.safeParse(email);
  if (!parsed.success) return undefined;
  return storage.db
    .selectFrom("staff")
    .selectAll()
    .where("email", "=", parsed.data)
    .executeTakeFirst();
}

export async function staffById(storage: Storage, id: string): Promise<StaffRow | undefined> {
  if (!isOpaqueId(id)) return undefined;
  return storage.db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A member as the staff page lists them. */
export function memberOf(row: StaffRow, viewerId?: string): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.disabled_at ? "disabled" : row.password_hash ? "active" : "invited",
    twoFactor: row.totp_enabled_at !== null,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
    self: row.id === viewerId,
  };
}

export async function listStaff(storage: Storage): Promise<StaffRow[]> {
  return storage.db.selectFrom("staff").selectAll().orderBy("email").execute();
}

export interface IssuedEnrolment {
  staff: StaffRow;
  /** Shown (and mailed) once; only its hash is kept. */
  token: string;
  expiresAt: string;
}

/** A one-time link for a member, replacing any earlier one. */
async function issueEnrolment(
  storage: Storage,
  staffId: string,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_MS).toISOString();
  await storage.db.deleteFrom("staff_enrolments").where("staff_id", "=", staffId).execute();
  await storage.db
    .insertInto("staff_enrolments")
    .values({
      token_hash: tokenHash(token),
      staff_id: staffId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Adds a member and gives their one-time link. */
export async function createStaff(
  storage: Storage,
  input: { email: string; role: StaffRole },
  actor: AuditActor,
  now: Date,
): Promise<IssuedEnrolment> {
  const parsed = staffEmailSchema.safeParse(input.email);
  if (!parsed.success) throw new StaffError("email");
  const email = parsed.data;
  if (await staffByEmail(storage, email)) throw new StaffError("exists");
  const at = now.toISOString();
  const row: StaffRow = {
    id: newOpaqueId(),
    email,
    role: input.role,
    password_hash: null,
    ...NO_SECOND_FACTOR,
    totp_enabled_at: null,
    disabled_at: null,
    last_sign_in_at: null,
    created_at: at,
    updated_at: at,
  };
  await storage.db.transaction().execute(async (trx) => {
    await trx.insertInto("staff").values(row).execute();
    await recordAudit(
      trx,
      actor,
      { action: "staff.create", subject: `staff:${row.id}`, after: { role: row.role } },
      now,
    );
  });
  const { token, expiresAt } = await issueEnrolment(storage, row.id, now);
  return { staff: row, token, expiresAt };
}

/** A new one-time link for a member (a lost password or phone): the old link stops. */
export async function newEnrolmentLink(
  storage: Storage,
  staffId: string,
  actor: AuditActor,
  now: Date,
): Promise<IssuedEnrolment> {
  const staff = await staffById(storage, staffId);
  if (!staff) throw new StaffError("not_found");
  const issued = await issueEnrolment(storage, staff.id, now);
  await recordAudit(storage.db, actor, { action: "staff.link", subject: `staff:${staff.id}` }, now);
  return { staff, ...issued };
}

async function activeAdmins(storage: Storage): Promise<number> {
  const row = await storage.db
    .selectFrom("staff")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Changes a member's role; the last active admin stays an admin. */
export async function setStaffRole(
  storage: Storage,
  staffId: string,
  role: StaffRole,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const staff = await staffById(storage, staffId);
  if (!staff) throw new StaffError("not_found");
  if (staff.role === role) return;
  if (staff.role === "admin" && !staff.disabled_at && (await activeAdmins(storage)) <= 1) {
    throw new StaffError("last_admin");
  }
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({ role, updated_at: now.toISOString() })
      .where("id", "=", staffId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "staff.role",
        subject: `staff:${staffId}`,
        before: { role: staff.role },
        after: { role },
      },
      now,
    );
  });
}

/** Disables a member (their sessions end at once) or enables them again. */
export async function setStaffDisabled(
  storage: Storage,
  staffId: string,
  disabled: boolean,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const staff = await staffById(storage, staffId);
  if (!staff) throw new StaffError("not_found");
  if (disabled === (staff.disabled_at !== null)) return;
  if (disabled && actor.id === staffId) throw new StaffError("self");
  if (disabled && staff.role === "admin" && (await activeAdmins(storage)) <= 1) {
    throw new StaffError("last_admin");
  }
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({ disabled_at: disabled ? now.toISOString() : null, updated_at: now.toISOString() })
      .where("id", "=", staffId)
      .execute();
    if (disabled) await trx.deleteFrom("staff_sessions").where("staff_id", "=", staffId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: disabled ? "staff.disable" : "staff.enable",
        subject: `staff:${staffId}`,
        before: { disabled: !disabled },
        after: { disabled },
      },
      now,
    );
  });
}

/** The member a one-time link belongs to, while it works and the member is not disabled. */
export async function enrolmentOf(
  storage: Storage,
  token: string,
  now: Date,
): Promise<StaffRow | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const row = await storage.db
    .selectFrom("staff_enrolments")
    .innerJoin("staff", "staff.id", "staff_enrolments.staff_id")
    .selectAll("staff")
    .select("staff_enrolments.expires_at")
    .where("staff_enrolments.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString() || row.disabled_at) return undefined;
  const { expires_at: _expires, ...staff } = row;
  return staff;
}

/**
 * Uses a one-time link: sets the password, and starts the second factor
 * afresh (a new link is how a member with a lost phone gets back in); the
 * link and every session of the member end. Answers the member, or
 * undefined when the link no longer works.
 */
export async function completeEnrolment(
  storage: Storage,
  token: string,
  password: string,
  now: Date,
): Promise<StaffRow | undefined> {
  const staff = await enrolmentOf(storage, token, now);
  if (!staff) return undefined;
  const passwordHash = await hashPassword(password);
  const used = await storage.db.transaction().execute(async (trx) => {
    // Deleting the link is what spends it: of two uses at once, one deletes it.
    const spent = await trx
      .deleteFrom("staff_enrolments")
      .where("token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) return false;
    await trx
      .updateTable("staff")
      .set({
        password_hash: passwordHash,
        ...NO_SECOND_FACTOR,
        totp_enabled_at: null,
        updated_at: now.toISOString(),
      })
      .where("id", "=", staff.id)
      .execute();
    await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staff.id).execute();
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", staff.id).execute();
    await recordAudit(
      trx,
      { id: staff.id, label: staff.email },
      { action: "staff.enrol", subject: `staff:${staff.id}` },
      now,
    );
    return true;
  });
  return used ? staffById(storage, staff.id) : undefined;
}
