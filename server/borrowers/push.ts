import { createECDH, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../core/locale";
import type { Logger } from "../log";
import type { Storage } from "../storage/database";
import type { Database } from "../storage/schema";
import type { LeadStatusChange, LeadStatusListener } from "./clicks";
import { NOTIFICATIONS_TA } from "./push-notifications-ta";

/**
 * Web Push (issue 6): a visitor who allowed it hears when a lender's
 * postback changes the status of their application. VAPID keys are made
 * on first start and kept in storage; notifications are encrypted to the
 * browser's keys (RFC 8291) and signed with ours by the web-push library.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const PUBLIC_KEY = "vapid_public_key";
const PUSH_TIMEOUT_MS = 10_000;
const PRIVATE_KEY = "vapid_private_key";

/**
 * A P-256 key pair in web-push's own generateVAPIDKeys form (base64url, the
 * private key 32 bytes, the public key 65 uncompressed): web-push itself is
 * loaded only when a notification is sent (decision 0486).
 */
function newVapidKeys(): VapidKeys {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const padded = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: padded(curve.getPrivateKey(), 32).toString("base64url"),
  };
}

/** Our VAPID keys, made and stored on first use (concurrent starts agree through the primary key). */
export async function vapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const read = async () => {
    const rows = await db
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", [PUBLIC_KEY, PRIVATE_KEY])
      .execute();
    const publicKey = rows.find((row) => row.key === PUBLIC_KEY)?.value;
    const privateKey = rows.find((row) => row.key === PRIVATE_KEY)?.value;
    return publicKey && privateKey ? { publicKey, privateKey } : undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const made = newVapidKeys();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of [
      [PUBLIC_KEY, made.publicKey],
      [PRIVATE_KEY, made.privateKey],
    ] as const) {
      await trx
        .insertInto("settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
    }
  });
  const kept = await read();
  if (!kept) throw new Error("The VAPID keys could not be stored");
  return kept;
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  locale: Locale;
}

/**
 * Keeps a browser's subscription for a lead, its endpoint and keys sealed
 * under the lead's data key; the same endpoint again replaces its keys and
 * lead. False for a lead without a data key (erased): nothing is kept.
 */
export async function subscribeToLead(
  storage: Storage,
  leadId: string,
  subscription: PushSubscriptionInput,
  now: Date = new Date(),
): Promise<boolean> {
  return storage.db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select("key_id")
      .where("id", "=", leadId)
      .executeTakeFirst();
    const keyId = lead?.key_id ?? null;
    const key = keyId === null ? undefined : (await storage.keys.load(trx, [keyId])).get(keyId);
    if (!key) return false;
    const sealed = key.seal("push_subscriptions", {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
    await trx
      .insertInto("push_subscriptions")
      .values({
        id: randomUUID(),
        lead_id: leadId,
        ...sealed,
        endpoint_hash: await storage.keys.lookupHash(trx, "endpoint", subscription.endpoint),
        key_id: key.id,
        locale: subscription.locale,
        created_at: now.toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .column("endpoint_hash")
          .doUpdateSet({ lead_id: leadId, ...sealed, key_id: key.id, locale: subscription.locale }),
      )
      .execute();
    return true;
  });
}

/** Forgets a subscription (the visitor turned notifications off). */
export async function unsubscribeEndpoint(storage: Storage, endpoint: string): Promise<void> {
  const hash = await storage.keys.lookupHash(storage.db, "endpoint", endpoint);
  await storage.db.deleteFrom("push_subscriptions").where("endpoint_hash", "=", hash).execute();
}

/** What a notification says, by status, in both languages. */
const NOTIFICATIONS = {
  en: {
    title: "Your loan application",
    approved: "A lender approved your application. Open the offers to see the next step.",
    rejected: "A lender turned down your application. Other offers may still suit you.",
    issued: "A lender says your loan has been paid out.",
  },
  si: {
    title: "ඔබේ ණය අයදුම්පත",
    approved: "ණය දෙන්නෙක් ඔබේ අයදුම්පත අනුමත කළේය. ඊළඟ පියවර බලන්න දීමනා විවෘත කරන්න.",
    rejected: "ණය දෙන්නෙක් ඔබේ අයදුම්පත ප්‍රතික්ෂේප කළේය. වෙනත් දීමනා තවමත් ඔබට ගැළපිය හැක.",
    issued: "ඔබේ ණය මුදල ගෙවා ඇති බව ණය දෙන්නා පවසයි.",
  },
  ta: NOTIFICATIONS_TA,
} as const satisfies Record<Locale, Record<"title" | LeadStatusChange["status"], string>>;

/** The notification's JSON, as the service worker (site/public/sw.js) shows it: no personal data. */
export function notificationPayload(locale: Locale, status: LeadStatusChange["status"]): string {
  const texts = NOTIFICATIONS[locale];
  return JSON.stringify({
    title: texts.title,
    body: texts[status],
    url: localizePath(locale, "/offers/"),
    lang: locale,
  });
}

/**
 * The lead status listener that notifies the lead's subscribed browsers.
 * A push service that answers 404 or 410 has dropped the subscription, so
 * we drop it too; other failures are logged (the status is on the offers
 * page anyway).
 */
export function pushNotifier(options: {
  storage: Storage;
  keys: VapidKeys;
  /** VAPID's contact: a mailto: or https: address of ours. */
  subject: string;
  log: Logger;
}): LeadStatusListener {
  const { storage, keys, subject, log } = options;
  return async (change) => {
    if (!change.leadId) return;
    const subscriptions = await storage.keys.openRows(
      storage.db,
      "push_subscriptions",
      await storage.db
        .selectFrom("push_subscriptions")
        .select(["id", "endpoint", "p256dh", "auth", "locale", "key_id"])
        .where("lead_id", "=", change.leadId)
        .execute(),
    );
    if (!subscriptions.some((subscription) => subscription.endpoint)) return;
    const { default: webpush } = await import("web-push");
    for (const subscription of subscriptions) {
      // Its lead's key is gone (an erasure deletes the subscriptions with it): nothing to send.
      if (!subscription.endpoint) continue;
      const locale: Locale = isLocale(subscription.locale) ? subscription.locale : DEFAULT_LOCALE;
      // web-push encrypts and signs; we send, with a timeout of our own.
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        notificationPayload(locale, change.status),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 24 * 60 * 60,
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== "content-length")
          .map(([name, value]) => [name, String(value)]),
      );
      let status = 0;
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          // A push service answers; it does not send us elsewhere.
          redirect: "manual",
        });
        status = response.status;
      } catch {
        // Unreachable push service: status 0.
      }
      if (status === 404 || status === 410) {
        await storage.db
          .deleteFrom("push_subscriptions")
          .where("id", "=", subscription.id)
          .execute();
      } else if (status < 200 || status >= 300) {
        log.warn("push notification failed", { status });
      }
    }
  };
}
