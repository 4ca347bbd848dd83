import type { Messenger } from "../messaging/messenger";
import { ENROLMENT_LINK_MS, type IssuedEnrolment } from "./staff";

/** The address a one-time link opens: the token goes in the query, which no log line holds. */
export function enrolmentLink(origin: string, token: string): string {
  return `${origin}/admin/enrol/?token=${token}`;
}

/**
 * The link goes by e-mail too when a real transport is configured (SMTP);
 * otherwise only the page (or the command line) shows it: the local outbox
 * is for trying the service, and a link there would be one more copy.
 * Answers whether it was mailed.
 */
export async function mailEnrolmentLink(
  messenger: Messenger,
  issued: IssuedEnrolment,
  link: string,
): Promise<boolean> {
  if (!messenger.mail.real) return false;
  try {
    await messenger.staffEnrolmentLink(issued.staff.email, link, ENROLMENT_LINK_MS / 3_600_000);
    return true;
  } catch {
    // The page shows the link anyway; the messenger has logged why it was not sent.
    return false;
  }
}
