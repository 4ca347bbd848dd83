import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Verified erasure (issue 14, decisions 0090–0092): a deletion request
 * waits for a one-time code per contact before anything is erased; reviews
 * keep the e-mail their author gave, so that an erasure can find them; an
 * erased comment that others answered stays as a placeholder without its
 * author's name, e-mail or text.
 */
export function createErasureConfirmationTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per contact of a request: each has its own code (hashed) and tries.
      await db.schema
        .createTable("erasure_confirmations")
        .addColumn("request_id", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        // The e-mail or phone, kept only while its code can still be used; null after.
        .addColumn("contact", "text")
        // HMAC-SHA256 of the code under the installation key; null once used or spent.
        .addColumn("code_hash", "text")
        .addColumn("attempts", "integer", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addColumn("expires_at", types.timestamp, (column) => column.notNull())
        .addColumn("confirmed_at", types.timestamp)
        .addPrimaryKeyConstraint("erasure_confirmations_pk", ["request_id", "kind"])
        .execute();
      await db.schema
        .createIndex("erasure_confirmations_expiry")
        .on("erasure_confirmations")
        .column("expires_at")
        .execute();

      // Never shown to anyone but moderators; an erasure deletes the review. No index: an
      // index would be one more copy of every e-mail, for a search made a few times a year.
      await db.schema.alterTable("reviews").addColumn("email", "text").execute();

      // Set when a comment was deleted at its author's request but others answered it.
      await db.schema.alterTable("comments").addColumn("erased_at", types.timestamp).execute();
      // Erasures before this one kept a comment's text (only the author went, and with
      // the author the e-mail, which every comment otherwise has): the text goes now too.
      await sql`update comments set text = '', name = '', erased_at = created_at where email is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("comments").dropColumn("erased_at").execute();
      await db.schema.alterTable("reviews").dropColumn("email").execute();
      await db.schema.dropTable("erasure_confirmations").execute();
    },
  };
}
