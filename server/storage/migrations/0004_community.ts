import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createIndexes, createTable, dropTables } from "./tables";

/**
 * Community (issue 7): blog comments and customer reviews, held pending
 * until a moderator approves them; article ratings (one per visitor) and
 * views (one per visitor and day). Visitors are their client id cookie,
 * never an IP address.
 */
export async function up(db: Kysely<unknown>, { text, integer, timestamp }: Columns) {
  await createTable(db, "comments", {
    id: text.primaryKey,
    slug: text.notNull,
    parent_id: text,
    status: text.notNull,
    locale: text.notNull,
    name: text.notNull,
    // Personal data: never shown, emptied by an erasure request.
    email: text,
    text: text.notNull,
    created_at: timestamp.notNull,
  });
  await createIndexes(db, "comments", { comments_slug_status: ["slug", "status"] });
  await createTable(db, "reviews", {
    id: text.primaryKey,
    status: text.notNull,
    locale: text.notNull,
    name: text.notNull,
    text: text.notNull,
    rating: integer.notNull,
    created_at: timestamp.notNull,
  });
  await createTable(
    db,
    "article_ratings",
    {
      slug: text.notNull,
      visitor: text.notNull,
      rating: integer.notNull,
      created_at: timestamp.notNull,
    },
    { primaryKey: ["slug", "visitor"] },
  );
  await createTable(
    db,
    "article_views",
    { slug: text.notNull, visitor: text.notNull, day: text.notNull },
    { primaryKey: ["slug", "visitor", "day"] },
  );
}

export async function down(db: Kysely<unknown>) {
  await dropTables(db, ["article_views", "article_ratings", "reviews", "comments"]);
}
