import { type Kysely, sql } from "kysely";
import type { Columns } from "./column-types";
import { addColumns, createIndexes, createTable, dropColumns } from "./tables";

/**
 * Verified erasure (issue 14, decisions 0090–0092): a deletion request
 * waits for a one-time code per contact before anything is erased; reviews
 * keep the e-mail their author gave, so that an erasure can find them; an
 * erased comment that others answered stays as a placeholder without its
 * author's name, e-mail or text.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  // One row per contact of a request: each has its own code (hashed) and tries.
  await createTable(
    db,
    "erasure_confirmations",
    {
      request_id: text.notNull,
      kind: text.notNull,
      // The e-mail or phone, kept only while its code can still be used; null after.
      contact: text,
      // HMAC-SHA256 of the code under the installation key; null once used or spent.
      code_hash: text,
      attempts: integer.notNull,
      created_at: timestamp.notNull,
      expires_at: timestamp.notNull,
      confirmed_at: timestamp,
    },
    { primaryKey: ["request_id", "kind"] },
  );
  await createIndexes(db, "erasure_confirmations", {
    erasure_confirmations_expiry: ["expires_at"],
  });

  // Never shown to anyone but moderators; an erasure deletes the review. No index: an
  // index would be one more copy of every e-mail, for a search made a few times a year.
  await addColumns(db, "reviews", { email: text });

  // Set when a comment was deleted at its author's request but others answered it.
  await addColumns(db, "comments", { erased_at: timestamp });
  // Erasures before this one kept a comment's text (only the author went, and with
  // the author the e-mail, which every comment otherwise has): the text goes now too.
  await sql`update comments set text = '', name = '', erased_at = created_at where email is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await dropColumns(db, "comments", ["erased_at"]);
  await dropColumns(db, "reviews", ["email"]);
  await db.schema.dropTable("erasure_confirmations").execute();
}
