import { createHmac } from "node:crypto";
import type { Request, Response } from "express";
import { type Locale, localizePath } from "../../core/locale";
import { clientAddressOf } from "../http/client-address";
import { sendError } from "../http/errors";
import { type RateLimitRule, rateLimitCheck, storageRateLimitStore } from "../http/rate-limit";
import type { Logger } from "../log";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { issueLandingToken, LANDING_TOKEN_DAYS } from "./landing-tokens";
import { CODE_TTL_MINUTES } from "./one-time-codes";

/**
 * Sending codes costs money and reaches a person's phone, so it is limited
 * in storage (every instance shares the counts): per phone, an hour and a
 * day; per IP address on our pages; per partner on the partner API
 * (docs/decisions/0084).
 */
export interface CodeSendLimits {
  perPhoneHour: RateLimitRule;
  perPhoneDay: RateLimitRule;
  perIp: RateLimitRule;
  perPartner: RateLimitRule;
}

const HOUR_MS = 60 * 60 * 1000;

export const CODE_SEND_LIMITS: CodeSendLimits = {
  perPhoneHour: { limit: 5, windowMs: HOUR_MS },
  perPhoneDay: { limit: 10, windowMs: 24 * HOUR_MS },
  perIp: { limit: 60, windowMs: HOUR_MS },
  perPartner: { limit: 1_000, windowMs: HOUR_MS },
};

/** Who a code goes to and who asks for it, as the limits count them. */
export interface CodeRecipient {
  phone: string;
  /** For the partner API: counted per partner instead of per IP address. */
  partnerId?: string | undefined;
}

interface CountedSend {
  phoneKey: string;
  /** Undefined on the partner API, counted per partner instead. */
  ipKey: string | undefined;
  partnerId: string | undefined;
}

const sendOf = (res: Response) => res.locals.codeSend as CountedSend | undefined;

/**
 * The check before a code goes out: true when every limit allows it;
 * otherwise it has answered 429 with Retry-After. Phones and addresses
 * are counted by a keyed hash, so the limits' table holds no number and
 * no IP address.
 */
export function codeSendCheck(storage: Storage, limits: CodeSendLimits, now: () => number) {
  const check = rateLimitCheck({
    store: storageRateLimitStore(storage),
    name: "SMS code",
    now,
    rules: [
      { ...limits.perPhoneHour, keyOf: (_req, res) => sendOf(res)?.phoneKey },
      { ...limits.perPhoneDay, keyOf: (_req, res) => sendOf(res)?.phoneKey },
      { ...limits.perIp, keyOf: (_req, res) => sendOf(res)?.ipKey },
      { ...limits.perPartner, keyOf: (_req, res) => sendOf(res)?.partnerId },
    ],
  });
  return async (req: Request, res: Response, recipient: CodeRecipient): Promise<boolean> => {
    const key = await storage.keys.hashKey();
    const keyed = (value: string) => createHmac("sha256", key).update(value).digest("hex");
    res.locals.codeSend = {
      phoneKey: keyed(`phone:${recipient.phone}`),
      ipKey: recipient.partnerId === undefined ? keyed(`ip:${clientAddressOf(req)}`) : undefined,
      partnerId: recipient.partnerId,
    } satisfies CountedSend;
    return check(req, res);
  };
}

/**
 * The host a code's SMS is bound to (decision 0373): the site's public origin's, the one its
 * URLs use, so that a browser on our pages may offer the code (WebOTP's last line `@host #code`).
 */
export function webOtpHost(origin: string): string {
  // The spec's line holds a host, no port (a development origin's port is left out).
  return new URL(origin).hostname;
}

/**
 * Sends a code by SMS, its last line for WebOTP (`@host #code`, the host of `origin`, the
 * site's public one); false once a 503 has been answered because the transport failed.
 */
export async function sendCode(
  res: Response,
  messenger: Messenger,
  sms: { phone: string; code: string; locale: Locale },
  origin: string,
): Promise<boolean> {
  try {
    await messenger.applicationCode(
      sms.phone,
      sms.code,
      CODE_TTL_MINUTES,
      sms.locale,
      webOtpHost(origin),
    );
    return true;
  } catch {
    // The messenger has logged the transport's reason (never the number).
    res.setHeader("Retry-After", "60");
    sendError(
      res,
      503,
      "message_not_sent",
      "We could not send the SMS with the code just now. Please try again in a minute.",
    );
    return false;
  }
}

/** The link back to a verified lead's offers: a new opaque token, in the language given. */
export async function offersLink(
  storage: Storage,
  origin: string,
  leadId: string,
  locale: Locale,
  now: Date,
): Promise<string> {
  const token = await issueLandingToken(storage, leadId, now);
  return `${origin}${localizePath(locale, "/landing/offers/")}?token=${token}`;
}

/**
 * Once an application is verified and has an e-mail: the confirmation,
 * with the link back to the offers (valid LANDING_TOKEN_DAYS) and the way
 * to ask for deletion. A failure is logged by the messenger and otherwise
 * ignored: the applicant has their offers on the page already.
 */
export async function sendConfirmation(
  deps: { storage: Storage; messenger: Messenger; origin: string; log: Logger },
  lead: { leadId: string; email: string | null; locale: Locale },
  now: Date,
): Promise<void> {
  if (!lead.email) return;
  const { storage, messenger, origin, log } = deps;
  try {
    const offers = await offersLink(storage, origin, lead.leadId, lead.locale, now);
    const erasure = `${origin}${localizePath(lead.locale, "/unsubscribe/")}`;
    await messenger.applicationConfirmation(
      lead.email,
      { offers, erasure, days: LANDING_TOKEN_DAYS },
      lead.locale,
    );
  } catch (error) {
    log.warn("confirmation e-mail not sent", {
      reason: error instanceof Error ? error.name : "unknown",
    });
  }
}
