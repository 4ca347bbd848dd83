import { createHash, randomBytes } from "node:crypto";
import type { Storage } from "../storage/database";

/**
 * The links back to a lead's offers (the confirmation e-mail, the partner
 * API's offersUrl): /landing/offers/?token=… where the token is 256
 * random bits, never the lead id, kept only as its SHA-256 and good for
 * seven days (docs/decisions/0087). A link may be opened more than once
 * in that time (another device, a second look); it names only offers,
 * never who applied.
 */
export const LANDING_TOKEN_DAYS = 7;
export const LANDING_TOKEN_TTL_MS = LANDING_TOKEN_DAYS * 24 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token for a verified lead's offers. */
export async function issueLandingToken(
  storage: Storage,
  leadId: string,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await storage.db
    .insertInto("landing_tokens")
    .values({
      token_hash: tokenHash(token),
      lead_id: leadId,
      expires_at: new Date(now.getTime() + LANDING_TOKEN_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * The verified lead a token names, or undefined for a token we did not
 * give, one past its seven days, or one whose lead is not (or no longer)
 * a verified lead. A lead id is not a token.
 */
export async function redeemLandingToken(
  storage: Storage,
  token: unknown,
  now: Date = new Date(),
): Promise<string | undefined> {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  const row = await storage.db
    .selectFrom("landing_tokens")
    .innerJoin("leads", "leads.id", "landing_tokens.lead_id")
    .select("leads.id")
    .where("landing_tokens.token_hash", "=", tokenHash(token))
    .where("landing_tokens.expires_at", ">", now.toISOString())
    .where("leads.verified_at", "is not", null)
    .where("leads.repeat_of", "is", null)
    .executeTakeFirst();
  return row?.id;
}
