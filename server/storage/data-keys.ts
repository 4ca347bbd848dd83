import type { Kysely } from "kysely";
import { newOpaqueId } from "./opaque-ids";
import {
  isSealedText,
  type LookupKind,
  lookupHash,
  newDataKey,
  openBytes,
  openText,
  sealBytes,
  sealText,
  unwrapDataKey,
  type WrappingKey,
  wrapDataKey,
  wrappingKeyOf,
} from "./personal-crypto";
import type { Database } from "./schema";

/**
 * Data keys in storage (decision 0335): one per lead and one per contact
 * (an e-mail that wrote comments or reviews), each stored wrapped by the
 * installation key in `data_keys`; an erasure deletes the key with the
 * rows. The installation's hash key (the HMAC key of suppressions, repeat
 * checks, codes and limits: decision 0336) is kept there too, wrapped the
 * same way, so nothing in the database is readable without DATA_KEY.
 */

/** The row of `data_keys` holding the installation's hash key. */
export const HASH_KEY_ID = "installation:hash-key";

/** The installation keys a storage opens with: the current one wraps; a previous one still unwraps. */
export interface InstallationKeys {
  current: Buffer;
  /** During a rotation (DATA_KEY_PREVIOUS): keys it wrapped still open until re-wrapped. */
  previous?: Buffer | undefined;
}

/**
 * The columns each table keeps sealed under its row's data key, and what
 * a column reads as once the key is gone (an erased row).
 */
export const SEALED_COLUMNS = {
  leads: { full_name: null, nic: null, birth_date: null, phone: null, email: null },
  comments: { name: "", email: null, text: "" },
  reviews: { name: "", email: null, text: "" },
  erasure_confirmations: { contact: null },
  push_subscriptions: { endpoint: "", p256dh: "", auth: "" },
  idempotency_keys: { answer: null },
} as const;

export type SealedTable = keyof typeof SEALED_COLUMNS;

/** A data key, unwrapped: what seals and opens one lead's or one contact's values. */
export class DataKey {
  readonly #key: Buffer;
  constructor(
    readonly id: string,
    key: Buffer,
  ) {
    // A copy of its own 32 bytes: an unwrapped key is a view into Node's
    // shared buffer pool (Buffer.concat), and the keyring keeps up to
    // UNWRAPPED_KEPT of them; each view would keep its whole pool alive
    // (8 KB or more a key: 15 MB for 400 applications, decision 0488).
    this.#key = Buffer.alloc(key.length);
    key.copy(this.#key);
  }

  #context(table: string, column: string): string {
    return `${this.id}/${table}.${column}`;
  }

  /** The values with those of `table`'s sealed columns sealed (null stays null). */
  seal<Values extends Record<string, unknown>>(table: SealedTable, values: Values): Values {
    const sealed: Record<string, unknown> = { ...values };
    for (const column of Object.keys(SEALED_COLUMNS[table])) {
      const value = sealed[column];
      if (typeof value === "string")
        sealed[column] = sealText(this.#key, this.#context(table, column), value);
    }
    return sealed as Values;
  }

  /**
   * The row with `table`'s sealed columns opened (null and an erased ""
   * stay as they are); `kept` may answer a value opened before.
   */
  open<Row extends object>(
    table: SealedTable,
    row: Row,
    kept?: (sealed: string, open: () => string) => string,
  ): Row {
    const opened = { ...row } as Record<string, unknown>;
    for (const column of Object.keys(SEALED_COLUMNS[table])) {
      const value = opened[column];
      if (typeof value === "string" && isSealedText(value)) {
        const open = () => openText(this.#key, this.#context(table, column), value);
        opened[column] = kept ? kept(value, open) : open();
      }
    }
    return opened as Row;
  }

  sealBytes(table: string, column: string, bytes: Uint8Array): Buffer {
    return sealBytes(this.#key, this.#context(table, column), bytes);
  }

  openBytes(table: string, column: string, sealed: Uint8Array): Buffer {
    return openBytes(this.#key, this.#context(table, column), sealed);
  }
}

/** A data key that none of the configured installation keys wrapped: the wrong DATA_KEY. */
export class InstallationKeyMismatch extends Error {
  constructor(kek: string, known: readonly string[]) {
    super(
      `This database's keys were wrapped by the installation key ${kek}, and DATA_KEY (or ` +
        `DATA_DIR's data.key) is ${known.join(" / previous ")}: start with the key this ` +
        "database was made with (docs/deploy.md, the installation key).",
    );
    this.name = "InstallationKeyMismatch";
  }
}

/**
 * A row with sealed columns: its key's id, and the key itself when the
 * query joined `data_keys` (`wrapped as key_wrapped`, `kek as key_kek`),
 * which saves a page's render the second query.
 */
export interface KeyedRow {
  key_id: string | null;
  key_wrapped?: string | null;
  key_kek?: string | null;
}

export interface Keyring {
  /** The id of the installation key that wraps new data keys. */
  readonly currentId: string;
  /** The installation's hash key (its HMAC key), read once and kept. */
  hashKey(db?: Kysely<Database>): Promise<string>;
  /** The keyed hash a contact is looked up by (leads' phone_hash and email_hash, contact keys' ids). */
  lookupHash(db: Kysely<Database>, kind: LookupKind, value: string): Promise<string>;
  /** A new data key, stored wrapped. */
  create(db: Kysely<Database>): Promise<DataKey>;
  /** The id of a contact's data key (whether or not it exists). */
  contactKeyId(db: Kysely<Database>, kind: "email" | "phone", value: string): Promise<string>;
  /** A contact's data key, made on first use (concurrent first uses agree through the primary key). */
  contactKey(db: Kysely<Database>, kind: "email" | "phone", value: string): Promise<DataKey>;
  /** The data keys of these ids that exist, unwrapped. */
  load(db: Kysely<Database>, ids: readonly (string | null)[]): Promise<Map<string, DataKey>>;
  /**
   * The rows with their sealed columns opened, each under the key its
   * `key_id` names; a row whose key is gone reads as erased.
   */
  openRows<Row extends KeyedRow>(
    db: Kysely<Database>,
    table: SealedTable,
    rows: readonly Row[],
  ): Promise<Row[]>;
  /** Deletes these data keys (an erasure); never the hash key. Answers how many went. */
  destroy(db: Kysely<Database>, ids: readonly (string | null)[]): Promise<number>;
  /** A stored data key wrapped again by the current installation key (a rotation). */
  rewrap(row: { id: string; wrapped: string; kek: string }): { wrapped: string; kek: string };
}

/**
 * How many unwrapped data keys a keyring keeps in memory, the least
 * recently used going first: an article's comments are each under their
 * writer's key, and unwrapping them on every render is most of its cost
 * (decision 0335 has the figures). A kept key is used only while the
 * database still returns the same wrapped key (a deleted one is never found).
 */
const UNWRAPPED_KEPT = 10_000;

/**
 * The tables whose opened values a keyring keeps (published text: what
 * people wrote, shown on pages), and how many, for the same reason. A kept
 * value is found only by its sealed text, which the database must still
 * return (a new IV each time it is sealed); an erasure here drops those of
 * the keys it deletes.
 */
const OPENED_KEPT_TABLES: ReadonlySet<SealedTable> = new Set(["comments", "reviews"]);
const OPENED_KEPT = 20_000;

/** The keyring of a storage, over its installation keys. */
export function createKeyring(db: Kysely<Database>, keys: InstallationKeys): Keyring {
  const current = wrappingKeyOf(keys.current);
  const wrappings = new Map<string, WrappingKey>([[current.id, current]]);
  if (keys.previous) {
    const previous = wrappingKeyOf(keys.previous);
    wrappings.set(previous.id, previous);
  }
  let hashKey: Promise<string> | undefined;
  const openedKept = new Map<string, { keyId: string; text: string }>();
  const keptOpening = (keyId: string) => (sealed: string, open: () => string) => {
    const kept = openedKept.get(sealed);
    if (kept?.keyId === keyId) {
      openedKept.delete(sealed);
      openedKept.set(sealed, kept);
      return kept.text;
    }
    const text = open();
    openedKept.set(sealed, { keyId, text });
    if (openedKept.size > OPENED_KEPT) openedKept.delete(openedKept.keys().next().value as string);
    return text;
  };

  const unwrapRaw = (row: { id: string; wrapped: string; kek: string }): Buffer => {
    const wrapping = wrappings.get(row.kek);
    if (!wrapping) throw new InstallationKeyMismatch(row.kek, [...wrappings.keys()]);
    return unwrapDataKey(wrapping, row.id, row.wrapped);
  };
  const unwrapped = new Map<string, { wrapped: string; key: DataKey }>();
  const unwrap = (row: { id: string; wrapped: string; kek: string }): DataKey => {
    const kept = unwrapped.get(row.id);
    if (kept) unwrapped.delete(row.id);
    const key = kept?.wrapped === row.wrapped ? kept.key : new DataKey(row.id, unwrapRaw(row));
    // Most recently used last (a Map iterates in insertion order).
    unwrapped.set(row.id, { wrapped: row.wrapped, key });
    if (unwrapped.size > UNWRAPPED_KEPT) unwrapped.delete(unwrapped.keys().next().value as string);
    return key;
  };
  const wrap = (id: string, key: Buffer) => ({
    wrapped: wrapDataKey(current, id, key),
    kek: current.id,
  });
  const readHashKey = async (executor: Kysely<Database>) => {
    const row = await executor
      .selectFrom("data_keys")
      .select(["id", "wrapped", "kek"])
      .where("id", "=", HASH_KEY_ID)
      .executeTakeFirst();
    // Migration 0024 makes it; without it, suppressions could not be checked.
    if (!row) throw new Error("The installation's hash key is missing: migrate the database");
    // The 64 hexadecimal digits it always was (settings' suppression_key before 0024): keyed
    // hashes made before stay valid.
    return unwrapRaw(row).toString("hex");
  };

  const keyring: Keyring = {
    currentId: current.id,
    hashKey(executor = db) {
      if (!hashKey) {
        hashKey = readHashKey(executor);
        hashKey.catch(() => {
          hashKey = undefined;
        });
      }
      return hashKey;
    },
    async lookupHash(executor, kind, value) {
      return lookupHash(await keyring.hashKey(executor), kind, value);
    },
    async create(executor) {
      const id = newOpaqueId();
      const key = newDataKey();
      await executor
        .insertInto("data_keys")
        .values({ id, ...wrap(id, key), created_at: new Date().toISOString() })
        .execute();
      return new DataKey(id, key);
    },
    async contactKeyId(executor, kind, value) {
      return `contact:${await keyring.lookupHash(executor, kind, value)}`;
    },
    async contactKey(executor, kind, value) {
      const id = await keyring.contactKeyId(executor, kind, value);
      const existing = (await keyring.load(executor, [id])).get(id);
      if (existing) return existing;
      await executor
        .insertInto("data_keys")
        .values({ id, ...wrap(id, newDataKey()), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      const made = (await keyring.load(executor, [id])).get(id);
      if (!made) throw new Error("A contact's data key could not be stored");
      return made;
    },
    async load(executor, ids) {
      const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
      const found = new Map<string, DataKey>();
      if (wanted.length === 0) return found;
      const rows = await executor
        .selectFrom("data_keys")
        .select(["id", "wrapped", "kek"])
        .where("id", "in", wanted)
        .execute();
      for (const row of rows) found.set(row.id, unwrap(row));
      return found;
    },
    async openRows(executor, table, rows) {
      const keys = await keyring.load(
        executor,
        rows.filter((row) => row.key_wrapped === undefined).map((row) => row.key_id),
      );
      const gone = SEALED_COLUMNS[table] as Record<string, string | null>;
      const keyOf = ({ key_id: id, key_wrapped: wrapped, key_kek: kek }: KeyedRow) => {
        if (id === null) return undefined;
        if (wrapped === undefined) return keys.get(id);
        return wrapped && kek ? unwrap({ id, wrapped, kek }) : undefined;
      };
      return rows.map((row) => {
        const key = keyOf(row);
        if (key) {
          return key.open(
            table,
            row,
            OPENED_KEPT_TABLES.has(table) ? keptOpening(key.id) : undefined,
          );
        }
        const erased = { ...row } as Record<string, unknown>;
        for (const column of Object.keys(gone)) {
          if (column in erased) erased[column] = gone[column];
        }
        return erased as typeof row;
      });
    },
    async destroy(executor, ids) {
      const doomed = [...new Set(ids)].filter(
        (id): id is string => id !== null && id !== HASH_KEY_ID,
      );
      if (doomed.length === 0) return 0;
      for (const id of doomed) unwrapped.delete(id);
      const gone = new Set(doomed);
      for (const [sealed, kept] of openedKept) {
        if (gone.has(kept.keyId)) openedKept.delete(sealed);
      }
      const deleted = await executor
        .deleteFrom("data_keys")
        .where("id", "in", doomed)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
    rewrap: (row) => wrap(row.id, unwrapRaw(row)),
  };
  return keyring;
}

/** How many data keys a rotation re-wraps in one transaction. */
const REWRAP_BATCH = 500;

/**
 * Re-wraps every data key (the hash key included) that another
 * installation key wrapped under the current one (`npm run staff --
 * rotate-data-key`, decision 0337), in batches of REWRAP_BATCH, each its
 * own transaction: stopped halfway, it carries on where it was when run
 * again. A key wrapped by neither configured key stops it, with nothing of
 * that batch changed. Answers how many were re-wrapped.
 */
export async function rewrapDataKeys(
  db: Kysely<Database>,
  keyring: Keyring,
): Promise<{ rewrapped: number }> {
  let rewrapped = 0;
  for (;;) {
    const batch = await db
      .selectFrom("data_keys")
      .select(["id", "wrapped", "kek"])
      .where("kek", "!=", keyring.currentId)
      .orderBy("id")
      .limit(REWRAP_BATCH)
      .execute();
    if (batch.length === 0) return { rewrapped };
    await db.transaction().execute(async (trx) => {
      for (const row of batch) {
        await trx
          .updateTable("data_keys")
          .set(keyring.rewrap(row))
          .where("id", "=", row.id)
          .where("kek", "=", row.kek)
          .execute();
      }
    });
    rewrapped += batch.length;
  }
}
