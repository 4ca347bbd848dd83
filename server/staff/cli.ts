/**
 * The commands of `npm run staff -- <command>` (issue 16): create, list,
 * role, disable, enable, link, and rotate-data-key (issue 31, decision
 * 0337). A new member's one-time link is printed (and
 * mailed when an SMTP transport is configured); it is shown once: only its
 * hash is kept. Every change goes to the audit log as the command line's.
 * The entry that opens storage is cli-main.ts.
 */
import { parseArgs } from "node:util";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../../core/views/back-office";
import { type CliOutcome, UsageError, usageMistake } from "../command-line";
import type { Messenger } from "../messaging/messenger";
import { rewrapDataKeys } from "../storage/data-keys";
import type { Storage } from "../storage/database";
import { COMMAND_LINE, recordAudit } from "./audit";
import { enrolmentLink, mailEnrolmentLink } from "./enrolment-links";
import {
  createStaff,
  type IssuedEnrolment,
  listStaff,
  memberOf,
  newEnrolmentLink,
  StaffError,
  type StaffRow,
  setStaffDisabled,
  setStaffRole,
  staffByEmail,
} from "./staff";

export const USAGE = `Usage: npm run staff -- <command> [options]

Commands:
  create --email EMAIL --role admin|moderator|analyst
      Adds a member of staff and prints their one-time link (24 hours) to set a
      password and two-step sign-in (required for admins).
  list [--json]
      Lists members: e-mail, role, status, two-step sign-in, last sign-in.
  role EMAIL admin|moderator|analyst
      Changes a member's role.
  disable EMAIL | enable EMAIL
      Stops a member (their sessions end at once) or lets them back in.
  link EMAIL
      A new one-time link, for a lost password or phone: using it sets the
      password and two-step sign-in again. The earlier link stops.
  rotate-data-key
      Re-wraps every data key under DATA_KEY (or DATA_DIR's data.key), opening
      those DATA_KEY_PREVIOUS wrapped; run again, it carries on. Then the old
      key may go (docs/deploy.md, "The installation key").

The storage is the server's: DATA_DIR (./data) or DATABASE_URL. Links start
with PUBLIC_ORIGIN. The last active admin cannot be disabled or made another role.`;

const options = {
  email: { type: "string" },
  role: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function describe(row: StaffRow): string {
  const member = memberOf(row);
  const status = { active: "active", disabled: "disabled", invited: "waiting for their password" };
  return [
    member.email,
    member.role,
    status[member.status],
    member.twoFactor ? "two-step on" : "two-step off",
    member.lastSignInAt ? `last sign-in ${member.lastSignInAt}` : "never signed in",
  ].join("  ");
}

export interface StaffCommandContext {
  /** The site's public origin, which links start with. */
  origin: string;
  messenger: Messenger;
  now?: () => Date;
}

/** Runs one command against a storage; what it prints is returned, for tests. */
export async function runStaffCommand(
  storage: Storage,
  argv: string[],
  { origin, messenger, now = () => new Date() }: StaffCommandContext,
): Promise<CliOutcome> {
  const out: string[] = [];
  const linkLines = async (issued: IssuedEnrolment) => {
    const link = enrolmentLink(origin, issued.token);
    const mailed = await mailEnrolmentLink(messenger, issued, link);
    return [
      `One-time link for ${issued.staff.email} (works once, until ${issued.expiresAt}):`,
      link,
      mailed
        ? "It was also e-mailed to them."
        : "Send it to them yourself: no e-mail transport is configured. It is not shown again.",
    ];
  };
  const role = (text: string | undefined): StaffRole => {
    if (!isStaffRole(text)) throw new UsageError(`the role must be ${STAFF_ROLES.join(", ")}`);
    return text;
  };
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === "help") {
      return { exitCode: command === undefined && !values.help ? 2 : 0, out: [USAGE], err: [] };
    }
    const member = async () => {
      const email = rest[0];
      if (!email) throw new UsageError(`${command} takes a member's e-mail`);
      const row = await staffByEmail(storage, email);
      if (!row) throw new StaffError("not_found");
      return row;
    };
    switch (command) {
      case "create": {
        if (!values.email) throw new UsageError("create needs --email");
        const issued = await createStaff(
          storage,
          { email: values.email, role: role(values.role) },
          COMMAND_LINE,
          now(),
        );
        out.push(describe(issued.staff), "", ...(await linkLines(issued)));
        break;
      }
      case "list": {
        const rows = await listStaff(storage);
        if (values.json)
          out.push(
            JSON.stringify(
              rows.map((row) => memberOf(row)),
              null,
              2,
            ),
          );
        else if (rows.length === 0) out.push("No staff yet.");
        else out.push(...rows.map(describe));
        break;
      }
      case "role": {
        const row = await member();
        await setStaffRole(storage, row.id, role(rest[1]), COMMAND_LINE, now());
        out.push(describe((await member()) ?? row));
        break;
      }
      case "disable":
      case "enable": {
        const row = await member();
        await setStaffDisabled(storage, row.id, command === "disable", COMMAND_LINE, now());
        out.push(describe(await member()));
        break;
      }
      case "link": {
        const row = await member();
        out.push(
          ...(await linkLines(await newEnrolmentLink(storage, row.id, COMMAND_LINE, now()))),
        );
        break;
      }
      case "rotate-data-key": {
        const { rewrapped } = await rewrapDataKeys(storage.db, storage.keys);
        const current = storage.keys.currentId;
        await recordAudit(
          storage.db,
          COMMAND_LINE,
          {
            action: "data_key.rotate",
            subject: `installation-key:${current}`,
            before: null,
            after: { rewrapped },
          },
          now(),
        );
        out.push(
          rewrapped === 0
            ? `Every data key was already wrapped by the installation key ${current}.`
            : `Re-wrapped ${rewrapped} data keys under the installation key ${current}.`,
          "None is left under another key: DATA_KEY_PREVIOUS, and the old key, may go.",
        );
        break;
      }
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
    return { exitCode: 0, out, err: [] };
  } catch (error) {
    if (error instanceof StaffError) return { exitCode: 1, out, err: [error.message] };
    return usageMistake(error, USAGE, out);
  }
}
