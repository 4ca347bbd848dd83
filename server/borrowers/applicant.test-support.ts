/**
 * The applicant's side of the code step for the HTTP and storage tests:
 * apply, read the code from the test outbox as the applicant reads their
 * SMS, and enter it.
 * Not imported by any shipped module.
 */
import inject from "light-my-request";
import { normalizeSriLankanMobile } from "../../core/domain/phone";
import type { Application } from "../../core/domain/schemas/application";
import type { Offer } from "../../core/domain/schemas/offer";
import type { OutboxMessage } from "../messaging/outbox";
import type { Storage } from "../storage/database";
import { type CreateLeadOptions, createLead, type LeadOutcome } from "./leads";
import { verifyCode } from "./verification";

type App = Parameters<typeof inject>[0];

/** The newest code sent by SMS to this phone (as typed, or in E.164). */
export function codeSentTo(messages: readonly OutboxMessage[], phone: string): string {
  const to = normalizeSriLankanMobile(phone) ?? phone;
  const sms = messages.filter((message) => message.channel === "sms" && message.to === to).at(-1);
  const code = sms && /\b(\d{6})\b/.exec(sms.text)?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

/** How many SMS went to this phone. */
export function smsCount(messages: readonly OutboxMessage[], phone: string): number {
  const to = normalizeSriLankanMobile(phone) ?? phone;
  return messages.filter((message) => message.channel === "sms" && message.to === to).length;
}

export function cookieIn(
  res: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const header = res.headers["set-cookie"];
  const lines = Array.isArray(header) ? header.map(String) : header ? [String(header)] : [];
  for (const line of lines) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

export function postJsonTo(
  app: App,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return inject(app, {
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

export function enterCode(
  app: App,
  leadId: string,
  code: string,
  headers: Record<string, string> = {},
) {
  return postJsonTo(app, `/api/applications/${leadId}/verification`, { code }, headers);
}

/**
 * Applies and enters the code that came by SMS: the verified lead's id (the
 * lead cookie's: an earlier lead when the application repeats it).
 */
export async function applyVerified(
  app: App,
  messages: () => OutboxMessage[],
  application: { phone: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ leadId: string; appliedId: string }> {
  const applied = await postJsonTo(app, "/api/applications", application, headers);
  if (applied.statusCode !== 201) {
    throw new Error(`The application answered ${applied.statusCode}: ${applied.body}`);
  }
  const appliedId = String(applied.json().leadId);
  const verified = await enterCode(app, appliedId, codeSentTo(messages(), application.phone));
  const leadId = cookieIn(verified, "lead");
  if (verified.statusCode !== 200 || !leadId) {
    throw new Error(`The code answered ${verified.statusCode}: ${verified.body}`);
  }
  return { leadId, appliedId };
}

/**
 * For the storage tests: an application stored and verified with the code
 * it was given, as an applicant would enter it; the lead the applicant
 * holds then (a repeat's is the earlier one).
 */
export async function createVerifiedLead(
  storage: Storage,
  application: Application,
  offers: readonly Offer[],
  options: CreateLeadOptions = {},
): Promise<LeadOutcome & { verifiedLeadId: string }> {
  const lead = await createLead(storage, application, offers, options);
  const outcome = await verifyCode(
    storage,
    lead.leadId,
    lead.code,
    options.via === "partner_api"
      ? { via: "partner_api", partnerId: lead.partnerId ?? "" }
      : { via: "site" },
    options.now,
  );
  if (outcome.kind !== "verified") throw new Error(`The code was not taken: ${outcome.kind}`);
  return { ...lead, verifiedLeadId: outcome.leadId };
}
