import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/**
 * Community (issue 7): blog comments and customer reviews, held pending
 * until a moderator approves them; article ratings (one per visitor) and
 * views (one per visitor and day). Visitors are their client id cookie,
 * never an IP address.
 */
export function createCommunityTables(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("comments")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("slug", "text", (column) => column.notNull())
        .addColumn("parent_id", "text")
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("locale", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        // Personal data: never shown, emptied by an erasure request.
        .addColumn("email", "text")
        .addColumn("text", "text", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("comments_slug_status")
        .on("comments")
        .columns(["slug", "status"])
        .execute();
      await db.schema
        .createTable("reviews")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("locale", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("text", "text", (column) => column.notNull())
        .addColumn("rating", "integer", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("article_ratings")
        .addColumn("slug", "text", (column) => column.notNull())
        .addColumn("visitor", "text", (column) => column.notNull())
        .addColumn("rating", "integer", (column) => column.notNull())
        .addColumn("created_at", types.timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint("article_ratings_pk", ["slug", "visitor"])
        .execute();
      await db.schema
        .createTable("article_views")
        .addColumn("slug", "text", (column) => column.notNull())
        .addColumn("visitor", "text", (column) => column.notNull())
        .addColumn("day", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("article_views_pk", ["slug", "visitor", "day"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("article_views").execute();
      await db.schema.dropTable("article_ratings").execute();
      await db.schema.dropTable("reviews").execute();
      await db.schema.dropTable("comments").execute();
    },
  };
}
