import { createHmac, randomUUID } from "node:crypto";
import { eraseFromOutbox } from "../messaging/outbox";
import type { Storage } from "../storage/database";
import type { ErasedContacts, ErasureStep } from "../storage/erasure-steps";
import { lookupHash } from "../storage/personal-crypto";

/** A keyed hash: without the key, a leaked table cannot be matched against a list of numbers. */
export function suppressionHash(key: string, kind: "email" | "phone", value: string): string {
  return createHmac("sha256", key).update(`${kind}:${value}`).digest("hex");
}

export interface ErasureOutcome {
  suppressed: ("email" | "phone")[];
  /** Records holding the e-mail or phone that were erased or anonymised. */
  erasedRecords: number;
}

/**
 * The contacts an erasure reached, for the local outbox (decision 0338):
 * those erased, and the person's others, found on the leads that held
 * them (the e-mail of a lead found by its phone, and the other way round).
 */
export interface ReachedContacts {
  erased: string[];
  others: string[];
}

/** What eraseContactIn did, and the contacts it reached. */
export interface ErasureDone extends ErasureOutcome {
  contacts: ReachedContacts;
}

export interface ErasureOptions {
  /** Every feature's step (server/erasure.ts). */
  steps: readonly ErasureStep[];
  now?: Date;
  /** The local outbox (DATA_DIR/outbox): messages to the person's contacts are deleted from it too. */
  outboxDir?: string | undefined;
}

/**
 * Erases or anonymises every record that holds the e-mail or phone, and
 * keeps only their keyed hashes so that we never contact the person again.
 * Only a confirmed request gets here (erasure-requests.ts: a code proved the
 * contact, decision 0090). A lead holding either (found by its lookup
 * hashes) loses all its personal data and its data key (name, NIC, birth
 * date, phone, e-mail, the hashes, decision 0335; and its bank, district
 * and income, which together with the age could still point to a person)
 * and keeps what statistics need (amount, term, purpose, employment, age,
 * status, attribution); its clicks lose their link to it, its push
 * subscriptions (issue 6), links and codes are deleted. Then each feature's
 * step (decision 0391, server/erasure.ts): partners' postbacks (issue 8)
 * lose its id; what was written with the e-mail goes with its key: comments
 * (a placeholder stays where others answered) and reviews with their photos
 * (decision 0091). Deletion requests still waiting for a code for the same
 * contact forget it. Then finishErasure: the files and the outbox.
 */
export async function eraseContactIn(
  storage: Storage,
  trx: Storage["db"],
  request: ErasedContacts,
  now: Date,
  steps: readonly ErasureStep[],
): Promise<ErasureDone> {
  const key = await storage.keys.hashKey(trx);
  const contacts = [
    ["email", request.email],
    ["phone", request.phone],
  ] as const;
  const suppressed: ("email" | "phone")[] = [];
  const erased: string[] = [];
  const others = new Set<string>();
  const hashes: { email?: string; phone?: string } = {};
  for (const [kind, value] of contacts) {
    if (value === undefined) continue;
    erased.push(value);
    hashes[kind] = lookupHash(key, kind, value);
    await trx
      .insertInto("suppressions")
      .values({ hash: suppressionHash(key, kind, value), kind, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("hash").doNothing())
      .execute();
    const waiting = await trx
      .selectFrom("erasure_confirmations")
      .select("key_id")
      .where("kind", "=", kind)
      .where("contact_hash", "=", hashes[kind])
      .execute();
    await trx
      .updateTable("erasure_confirmations")
      .set({ contact: null, code_hash: null, contact_hash: null, key_id: null })
      .where("kind", "=", kind)
      .where("contact_hash", "=", hashes[kind])
      .execute();
    await storage.keys.destroy(
      trx,
      waiting.map((row) => row.key_id),
    );
    suppressed.push(kind);
  }
  const matching = await storage.keys.openRows(
    trx,
    "leads",
    await trx
      .selectFrom("leads")
      .select(["id", "key_id", "phone", "email"])
      .where((where) =>
        where.or([
          ...(hashes.email === undefined ? [] : [where("email_hash", "=", hashes.email)]),
          ...(hashes.phone === undefined ? [] : [where("phone_hash", "=", hashes.phone)]),
        ]),
      )
      .execute(),
  );
  const leadIds = matching.map((lead) => lead.id);
  for (const lead of matching) {
    for (const contact of [lead.phone, lead.email]) {
      if (contact && !erased.includes(contact)) others.add(contact);
    }
  }
  if (leadIds.length > 0) {
    await trx
      .updateTable("leads")
      .set({
        full_name: null,
        nic: null,
        birth_date: null,
        phone: null,
        email: null,
        dedupe_key: null,
        key_id: null,
        phone_hash: null,
        email_hash: null,
        // With the age and employment these could still point to a person.
        bank: "",
        district: "",
        monthly_income: 0,
        consent_marketing: 0,
        erased_at: now.toISOString(),
      })
      .where("id", "in", leadIds)
      .execute();
    await trx
      .updateTable("clicks")
      .set({ lead_id: null })
      .where("lead_id", "in", leadIds)
      .execute();
    await trx.deleteFrom("push_subscriptions").where("lead_id", "in", leadIds).execute();
    // Links to the offers (the confirmation e-mail's, those sent from the offers page, 0205)
    // and codes still waiting open nothing of an erased lead.
    await trx.deleteFrom("landing_tokens").where("lead_id", "in", leadIds).execute();
    await trx.deleteFrom("lead_verifications").where("lead_id", "in", leadIds).execute();
    // Their stored answers (sealed under the keys destroyed below): decision 0475.
    await trx.deleteFrom("idempotency_keys").where("lead_id", "in", leadIds).execute();
    // Crypto-shredding: whatever copy of the sealed values outlives the rows opens no more.
    await storage.keys.destroy(
      trx,
      matching.map((lead) => lead.key_id),
    );
  }
  let erasedRecords = leadIds.length;
  for (const step of steps) {
    erasedRecords += await step.erase({ storage, trx, contacts: request, leadIds, now });
  }
  await trx
    .insertInto("erasure_requests")
    .values({
      id: randomUUID(),
      by_email: request.email === undefined ? 0 : 1,
      by_phone: request.phone === undefined ? 0 : 1,
      erased_records: erasedRecords,
      created_at: now.toISOString(),
    })
    .execute();
  return { suppressed, erasedRecords, contacts: { erased, others: [...others] } };
}

/**
 * After an erasure's transaction: storage.purge() makes sure the old values
 * leave the files too (always: the request itself held the contact, whatever
 * else did), and the local outbox's messages to the person's contacts are
 * deleted: every one to those erased, every one but deletion codes to the
 * others (the person may still want to erase those).
 */
export async function finishErasure(
  storage: Storage,
  contacts: ReachedContacts,
  outboxDir: string | undefined,
): Promise<void> {
  await storage.purge();
  if (outboxDir) eraseFromOutbox(outboxDir, contacts.erased, contacts.others);
}

/** eraseContactIn in a transaction of its own, then finishErasure. */
export async function eraseContact(
  storage: Storage,
  request: ErasedContacts,
  { steps, now = new Date(), outboxDir }: ErasureOptions,
): Promise<ErasureOutcome> {
  const { contacts, ...outcome } = await storage.db
    .transaction()
    .execute((trx) => eraseContactIn(storage, trx, request, now, steps));
  await finishErasure(storage, contacts, outboxDir);
  return outcome;
}

/** Whether a contact asked never to be contacted again (for leads, issue 5). */
export async function isSuppressed(
  storage: Storage,
  kind: "email" | "phone",
  value: string,
): Promise<boolean> {
  const key = await storage.keys.hashKey();
  const row = await storage.db
    .selectFrom("suppressions")
    .select("hash")
    .where("hash", "=", suppressionHash(key, kind, value))
    .executeTakeFirst();
  return row !== undefined;
}

/** For the moderators' list of deletion requests: newest first, counts only. */
export async function erasureRequests(storage: Storage) {
  return storage.db
    .selectFrom("erasure_requests")
    .selectAll()
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}
