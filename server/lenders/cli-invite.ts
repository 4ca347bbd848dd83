/**
 * `npm run lenders -- invite ID --email E [--role admin|developer]
 * [--language si|en|ta]` (issue 34, decision 0382): invites a lender's
 * member of staff to the lender portal. The one-time link goes by e-mail
 * (in --language, English unless given); it is printed only when no real
 * e-mail transport is configured, and never again: only its hash is kept.
 */
import { parseArgs } from "node:util";
import { type Locale, localeSchema, localizePath } from "../../core/locale";
import { LENDER_ROLES } from "../../core/views/lender-portal";
import { type CliOutcome, UsageError, usageMistake } from "../command-line";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import {
  INVITATION_LINK_MS,
  InvitationRefused,
  inviteLenderAccount,
  isLenderRole,
  lenderOfAccount,
} from "./lender-accounts";

export const INVITE_USAGE = `  invite ID --email EMAIL [--role admin|developer] [--language si|en|ta]
      Invites a member of the lender's staff to the lender portal (admin
      unless --role says developer): a one-time link (${INVITATION_LINK_MS / 3_600_000} hours), e-mailed in
      --language (en unless given), to set a password and two-step sign-in.
      Again for the same address: a new link, the earlier one stops.`;

export interface InviteContext {
  /** The site's public origin, which links start with. */
  origin: string;
  messenger: Messenger;
  now?: () => Date;
}

/** The invitation's address: the portal's enrolment page in the language, the token in the query. */
export function invitationLink(origin: string, locale: Locale, token: string): string {
  return `${origin}${localizePath(locale, "/lender/portal/enrol/")}?token=${token}`;
}

export async function runInviteCommand(
  storage: Storage,
  argv: string[],
  context: InviteContext | undefined,
): Promise<CliOutcome> {
  const out: string[] = [];
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        language: { type: "string" },
      },
      allowPositionals: true,
    });
    const [lenderId, ...rest] = positionals;
    if (!lenderId || rest.length > 0) throw new UsageError("invite takes one lender id");
    if (!values.email) throw new UsageError("invite needs --email");
    const role = values.role ?? "admin";
    if (!isLenderRole(role)) throw new UsageError(`the role must be ${LENDER_ROLES.join(" or ")}`);
    const language = localeSchema.safeParse(values.language ?? "en");
    if (!language.success) throw new UsageError("the language must be si, en or ta");
    if (!context) throw new Error("invite needs an origin and a messenger");
    const now = context.now ?? (() => new Date());
    const invitation = await inviteLenderAccount(
      storage,
      { lenderId, email: values.email, role },
      now(),
    );
    const lender = await lenderOfAccount(storage, invitation.account);
    const link = invitationLink(context.origin, language.data, invitation.token);
    const hours = INVITATION_LINK_MS / 3_600_000;
    out.push(`Invited the ${role} of ${lender.id} (account ${invitation.account.id}).`);
    let mailed = false;
    if (context.messenger.mail.real) {
      try {
        await context.messenger.lenderInvitation(
          invitation.account.email,
          { link, hours, lender: lender.names[language.data] ?? lender.names.en ?? lender.id },
          language.data,
        );
        mailed = true;
      } catch {
        // The messenger has logged why; the operator is told below.
      }
    }
    if (mailed)
      out.push(`The one-time link was e-mailed; it works once, until ${invitation.expiresAt}.`);
    else {
      out.push(
        `No e-mail was sent: send this one-time link yourself (it works once, until ${invitation.expiresAt}, and is not shown again):`,
        link,
      );
    }
    return { exitCode: 0, out, err: [] };
  } catch (error) {
    if (error instanceof InvitationRefused) return { exitCode: 1, out, err: [error.message] };
    return usageMistake(error, INVITE_USAGE, out);
  }
}
