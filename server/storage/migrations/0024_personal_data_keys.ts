import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns, dropIndexes } from "./tables";

/**
 * Crypto-shredding (issue 31, decisions 0335 and 0336): personal data is
 * sealed (AES-256-GCM) under a data key per lead and per contact, each
 * stored in `data_keys` wrapped by the installation key, which is never in
 * the database; an erasure deletes the key with the rows.
 *
 * This migration makes the table and the columns (data keys, lookup
 * hashes), wraps the installation's hash key (until now `settings`'
 * `suppression_key`, in the clear) and seals every personal value already
 * stored: leads, comments, reviews and their photos, deletion requests
 * waiting for a code, push subscriptions. One transaction: a server sees
 * the data all in the clear (before) or all sealed (after), never half.
 * Storage.migrate() then purges the files of the old values (0335).
 *
 * Like every migration it carries its own queries, and its own copy of the
 * format (server/storage/personal-crypto.ts and data-keys.ts read it; the
 * migration's test opens what it sealed with them).
 */

const HASH_KEY_ID = "installation:hash-key";
const BATCH = 500;

interface Sealer {
  kek: string;
  wrap(id: string, key: Buffer): string;
  unwrap(id: string, wrapped: string): Buffer;
}

function sealerOf(installationKey: Buffer): Sealer {
  const derive = (label: string, bytes: number) =>
    Buffer.from(hkdfSync("sha256", installationKey, Buffer.alloc(0), label, bytes));
  const wrapping = derive("nayacompare data key wrapping", 32);
  return {
    kek: derive("nayacompare installation key id", 8).toString("hex"),
    wrap: (id, key) => encrypt(wrapping, `data-key:${id}`, key).toString("base64url"),
    unwrap: (id, wrapped) => decrypt(wrapping, `data-key:${id}`, Buffer.from(wrapped, "base64url")),
  };
}

function encrypt(key: Buffer, associated: string, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function decrypt(key: Buffer, associated: string, sealed: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([
    decipher.update(sealed.subarray(12, sealed.length - 16)),
    decipher.final(),
  ]);
}

const sealText = (key: Buffer, context: string, text: string) =>
  `s1.${encrypt(key, context, Buffer.from(text, "utf8")).toString("base64url")}`;
const openText = (key: Buffer, context: string, sealed: string) =>
  decrypt(key, context, Buffer.from(sealed.slice(3), "base64url")).toString("utf8");
const lookupHash = (hashKey: string, kind: string, value: string) =>
  createHmac("sha256", hashKey).update(`lookup:${kind}:${value}`).digest("hex");

/** The tables as this migration knows them. */
interface Tables {
  data_keys: { id: string; wrapped: string; kek: string; created_at: string };
  settings: { key: string; value: string };
  leads: {
    id: string;
    full_name: string | null;
    nic: string | null;
    birth_date: string | null;
    phone: string | null;
    email: string | null;
    key_id: string | null;
    phone_hash: string | null;
    email_hash: string | null;
  };
  comments: {
    id: string;
    name: string;
    email: string | null;
    text: string;
    erased_at: string | null;
    key_id: string | null;
  };
  reviews: { id: string; name: string; email: string | null; text: string; key_id: string | null };
  review_images: { review_id: string; data: Buffer };
  erasure_confirmations: {
    request_id: string;
    kind: string;
    contact: string | null;
    contact_hash: string | null;
    key_id: string | null;
  };
  push_subscriptions: {
    id: string;
    lead_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    endpoint_hash: string | null;
    key_id: string | null;
  };
}

type Db = Kysely<Tables>;

/** Rows of a table in id order, BATCH at a time (the keyset of the last one). */
async function* batches<Row extends { id: string }>(
  read: (after: string) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  for (let after = ""; ; ) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** Data keys made here: new ones stored wrapped, contacts' made once. */
function keyMaker(trx: Db, sealer: Sealer, now: string) {
  const made = new Map<string, Buffer>();
  return async (id: string = randomBytes(16).toString("base64url")) => {
    const known = made.get(id);
    if (known) return { id, key: known };
    const key = randomBytes(32);
    await trx
      .insertInto("data_keys")
      .values({ id, wrapped: sealer.wrap(id, key), kek: sealer.kek, created_at: now })
      .execute();
    made.set(id, key);
    return { id, key };
  };
}

async function addSchema(trx: Kysely<unknown>, { text, timestamp }: Columns) {
  await createTable(trx, "data_keys", {
    id: text.primaryKey,
    wrapped: text.notNull,
    kek: text.notNull,
    created_at: timestamp.notNull,
  });
  // A rotation finds the keys still wrapped by the previous installation key.
  await createIndexes(trx, "data_keys", { data_keys_kek: ["kek"] });
  await addColumns(trx, "leads", { key_id: text, phone_hash: text, email_hash: text });
  await createIndexes(trx, "leads", {
    leads_phone_hash: ["phone_hash"],
    leads_email_hash: ["email_hash"],
  });
  for (const table of ["comments", "reviews"]) {
    await addColumns(trx, table, { key_id: text });
    await createIndexes(trx, table, { [`${table}_key`]: ["key_id"] });
  }
  await addColumns(trx, "erasure_confirmations", { contact_hash: text, key_id: text });
  await createIndexes(trx, "erasure_confirmations", {
    erasure_confirmations_contact: ["contact_hash"],
  });
  await addColumns(trx, "push_subscriptions", { endpoint_hash: text, key_id: text });
  await createIndexes(
    trx,
    "push_subscriptions",
    { push_subscriptions_endpoint_hash: ["endpoint_hash"] },
    { unique: true },
  );
}

/** A review's photo, sealed under the review's key. */
async function sealReviewImage(trx: Db, reviewId: string, key: { id: string; key: Buffer }) {
  const image = await trx
    .selectFrom("review_images")
    .select("data")
    .where("review_id", "=", reviewId)
    .executeTakeFirst();
  if (image) {
    await trx
      .updateTable("review_images")
      .set({ data: encrypt(key.key, `${key.id}/review_images.data`, Buffer.from(image.data)) })
      .where("review_id", "=", reviewId)
      .execute();
  }
}

async function sealEverything(trx: Db, sealer: Sealer): Promise<void> {
  const now = new Date().toISOString();
  const legacy = await trx
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "suppression_key")
    .executeTakeFirst();
  // The HMAC key of every keyed hash so far (suppressions above all): kept, now wrapped.
  const hashKey = legacy?.value ?? randomBytes(32).toString("hex");
  await trx
    .insertInto("data_keys")
    .values({
      id: HASH_KEY_ID,
      wrapped: sealer.wrap(HASH_KEY_ID, Buffer.from(hashKey, "hex")),
      kek: sealer.kek,
      created_at: now,
    })
    .execute();
  await trx.deleteFrom("settings").where("key", "=", "suppression_key").execute();
  const dataKey = keyMaker(trx, sealer, now);
  const sealed = (key: { id: string; key: Buffer }, column: string, value: string | null) =>
    value === null ? null : sealText(key.key, `${key.id}/${column}`, value);

  const leadKeys = new Map<string, { id: string; key: Buffer }>();
  for await (const leads of batches((after) =>
    trx
      .selectFrom("leads")
      .select(["id", "full_name", "nic", "birth_date", "phone", "email"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute(),
  )) {
    for (const lead of leads) {
      const values = [lead.full_name, lead.nic, lead.birth_date, lead.phone, lead.email];
      if (values.every((value) => value === null)) continue;
      const key = await dataKey();
      leadKeys.set(lead.id, key);
      await trx
        .updateTable("leads")
        .set({
          full_name: sealed(key, "leads.full_name", lead.full_name),
          nic: sealed(key, "leads.nic", lead.nic),
          birth_date: sealed(key, "leads.birth_date", lead.birth_date),
          phone: sealed(key, "leads.phone", lead.phone),
          email: sealed(key, "leads.email", lead.email),
          key_id: key.id,
          phone_hash: lead.phone === null ? null : lookupHash(hashKey, "phone", lead.phone),
          email_hash: lead.email === null ? null : lookupHash(hashKey, "email", lead.email),
        })
        .where("id", "=", lead.id)
        .execute();
    }
  }

  const contactKey = (email: string | null) =>
    dataKey(email === null ? undefined : `contact:${lookupHash(hashKey, "email", email)}`);
  for (const table of ["comments", "reviews"] as const) {
    for await (const rows of batches((after) =>
      trx
        .selectFrom(table)
        .select(["id", "name", "email", "text"])
        // A placeholder of an erased comment has nothing left to seal.
        .$if(table === "comments", (query) => query.where("erased_at", "is", null))
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH)
        .execute(),
    )) {
      for (const row of rows) {
        const key = await contactKey(row.email);
        await trx
          .updateTable(table)
          .set({
            name: sealText(key.key, `${key.id}/${table}.name`, row.name),
            email: sealed(key, `${table}.email`, row.email),
            text: sealText(key.key, `${key.id}/${table}.text`, row.text),
            key_id: key.id,
          })
          .where("id", "=", row.id)
          .execute();
        if (table === "reviews") await sealReviewImage(trx, row.id, key);
      }
    }
  }

  const waiting = await trx
    .selectFrom("erasure_confirmations")
    .select(["request_id", "kind", "contact"])
    .where("contact", "is not", null)
    .execute();
  for (const row of waiting) {
    if (row.contact === null) continue;
    const key = await dataKey();
    await trx
      .updateTable("erasure_confirmations")
      .set({
        contact: sealText(key.key, `${key.id}/erasure_confirmations.contact`, row.contact),
        contact_hash: lookupHash(hashKey, row.kind, row.contact),
        key_id: key.id,
      })
      .where("request_id", "=", row.request_id)
      .where("kind", "=", row.kind)
      .execute();
  }

  for await (const subscriptions of batches((after) =>
    trx
      .selectFrom("push_subscriptions")
      .select(["id", "lead_id", "endpoint", "p256dh", "auth"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute(),
  )) {
    for (const subscription of subscriptions) {
      let key = leadKeys.get(subscription.lead_id);
      if (!key) {
        // A lead with nothing else personal left (erased ones lost theirs): a key of its own.
        key = await dataKey();
        leadKeys.set(subscription.lead_id, key);
        await trx
          .updateTable("leads")
          .set({ key_id: key.id })
          .where("id", "=", subscription.lead_id)
          .execute();
      }
      const column = (name: string, value: string) =>
        sealText(key.key, `${key.id}/push_subscriptions.${name}`, value);
      await trx
        .updateTable("push_subscriptions")
        .set({
          endpoint: column("endpoint", subscription.endpoint),
          p256dh: column("p256dh", subscription.p256dh),
          auth: column("auth", subscription.auth),
          endpoint_hash: lookupHash(hashKey, "endpoint", subscription.endpoint),
          key_id: key.id,
        })
        .where("id", "=", subscription.id)
        .execute();
    }
  }
}

/** The way back (for the migrations' tests): every value opened, the columns and the table gone. */
async function openEverything(trx: Db, sealer: Sealer): Promise<void> {
  const keys = new Map<string, Buffer>();
  for (const row of await trx.selectFrom("data_keys").selectAll().execute()) {
    keys.set(row.id, sealer.unwrap(row.id, row.wrapped));
  }
  const hashKey = keys.get(HASH_KEY_ID);
  if (hashKey) {
    await trx
      .insertInto("settings")
      .values({ key: "suppression_key", value: hashKey.toString("hex") })
      .execute();
  }
  const opened = (keyId: string | null, column: string, value: string | null) => {
    const key = keyId === null ? undefined : keys.get(keyId);
    if (value === null || !value.startsWith("s1.")) return value;
    return key ? openText(key, `${keyId}/${column}`, value) : null;
  };
  for (const lead of await trx
    .selectFrom("leads")
    .selectAll()
    .where("key_id", "is not", null)
    .execute()) {
    await trx
      .updateTable("leads")
      .set({
        full_name: opened(lead.key_id, "leads.full_name", lead.full_name),
        nic: opened(lead.key_id, "leads.nic", lead.nic),
        birth_date: opened(lead.key_id, "leads.birth_date", lead.birth_date),
        phone: opened(lead.key_id, "leads.phone", lead.phone),
        email: opened(lead.key_id, "leads.email", lead.email),
      })
      .where("id", "=", lead.id)
      .execute();
  }
  for (const table of ["comments", "reviews"] as const) {
    for (const row of await trx
      .selectFrom(table)
      .selectAll()
      .where("key_id", "is not", null)
      .execute()) {
      await trx
        .updateTable(table)
        .set({
          name: opened(row.key_id, `${table}.name`, row.name) ?? "",
          email: opened(row.key_id, `${table}.email`, row.email),
          text: opened(row.key_id, `${table}.text`, row.text) ?? "",
        })
        .where("id", "=", row.id)
        .execute();
      const key = row.key_id === null ? undefined : keys.get(row.key_id);
      if (table === "reviews" && key) {
        const image = await trx
          .selectFrom("review_images")
          .select("data")
          .where("review_id", "=", row.id)
          .executeTakeFirst();
        if (image) {
          await trx
            .updateTable("review_images")
            .set({
              data: decrypt(key, `${row.key_id}/review_images.data`, Buffer.from(image.data)),
            })
            .where("review_id", "=", row.id)
            .execute();
        }
      }
    }
  }
  for (const row of await trx
    .selectFrom("erasure_confirmations")
    .selectAll()
    .where("key_id", "is not", null)
    .execute()) {
    await trx
      .updateTable("erasure_confirmations")
      .set({ contact: opened(row.key_id, "erasure_confirmations.contact", row.contact) })
      .where("request_id", "=", row.request_id)
      .where("kind", "=", row.kind)
      .execute();
  }
  for (const row of await trx.selectFrom("push_subscriptions").selectAll().execute()) {
    await trx
      .updateTable("push_subscriptions")
      .set({
        endpoint: opened(row.key_id, "push_subscriptions.endpoint", row.endpoint) ?? "",
        p256dh: opened(row.key_id, "push_subscriptions.p256dh", row.p256dh) ?? "",
        auth: opened(row.key_id, "push_subscriptions.auth", row.auth) ?? "",
      })
      .where("id", "=", row.id)
      .execute();
  }
}

async function dropSchema(trx: Kysely<unknown>) {
  await trx.schema.dropIndex("push_subscriptions_endpoint_hash").execute();
  await dropColumns(trx, "push_subscriptions", ["key_id", "endpoint_hash"]);
  await trx.schema.dropIndex("erasure_confirmations_contact").execute();
  await dropColumns(trx, "erasure_confirmations", ["key_id", "contact_hash"]);
  for (const table of ["comments", "reviews"]) {
    await trx.schema.dropIndex(`${table}_key`).execute();
    await dropColumns(trx, table, ["key_id"]);
  }
  await dropIndexes(trx, ["leads_phone_hash", "leads_email_hash"]);
  await dropColumns(trx, "leads", ["key_id", "phone_hash", "email_hash"]);
  await trx.schema.dropTable("data_keys").execute();
}

/** Runs `work` in a transaction: the migrator's own on PostgreSQL, one of its own on SQLite. */
async function inTransaction(
  db: Kysely<unknown>,
  work: (trx: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

export async function up(db: Kysely<unknown>, columns: Columns, installationKey: Buffer) {
  await inTransaction(db, async (trx) => {
    await addSchema(trx, columns);
    await sealEverything(trx as unknown as Db, sealerOf(installationKey));
  });
}

export async function down(db: Kysely<unknown>, _columns: Columns, installationKey: Buffer) {
  await inTransaction(db, async (trx) => {
    await openEverything(trx as unknown as Db, sealerOf(installationKey));
    await dropSchema(trx);
  });
}
