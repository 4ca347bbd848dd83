import { colomboToday, formatDate } from "../../core/helpers/dates";
import type { Storage } from "../storage/database";
import { LANDING_TOKEN_TTL_MS } from "./landing-tokens";

/**
 * "Save or send my offers" (issue 17, decision 0205): what the offers page
 * may send a verified lead's link to, and how it names it on the page. The
 * link itself is a landing token (landing-tokens.ts): the same opaque,
 * hashed, seven-day kind as the confirmation e-mail's.
 */
export interface OffersLinkContacts {
  /** The number the lead verified with its code, E.164. */
  phone: string;
  /** The e-mail address given with the application, if any. */
  email: string | null;
}

/**
 * The contacts of a lead that may send its link: verified, not a repeat
 * joined to another lead, not erased. Undefined for anything else (an
 * unverified lead, a made-up id), which the routes answer alike.
 */
export async function offersLinkContacts(
  storage: Storage,
  leadId: string,
): Promise<OffersLinkContacts | undefined> {
  const sealed = await storage.db
    .selectFrom("leads")
    .select(["key_id", "phone", "email"])
    .where("id", "=", leadId)
    .where("verified_at", "is not", null)
    .where("repeat_of", "is", null)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  if (!sealed) return undefined;
  const [row] = await storage.keys.openRows(storage.db, "leads", [sealed]);
  if (!row?.phone) return undefined;
  return { phone: row.phone, email: row.email };
}

/**
 * A verified number as the page shows it: "07X XXX X567", the operator and
 * all but the last three digits hidden, so that a forwarded link shows no
 * one's number.
 */
export function maskPhone(e164: string): string {
  const national = e164.startsWith("+94") ? e164.slice(3) : e164.replace(/^0/, "");
  return `0${national.slice(0, 1)}X XXX X${national.slice(-3)}`;
}

/** An address as the page shows it: its first character and its domain ("r•••@example.lk"). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** When a link made now stops working (ISO), and that day in Colombo as the site writes dates. */
export function offersLinkExpiry(now: Date): { expiresAt: string; until: string } {
  const expires = new Date(now.getTime() + LANDING_TOKEN_TTL_MS);
  return { expiresAt: expires.toISOString(), until: formatDate(colomboToday(expires)) };
}
