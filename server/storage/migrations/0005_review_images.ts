import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { ColumnTypes } from "./column-types";

/** A review's optional photo (issue 7), kept apart so that lists of reviews stay light. */
export function createReviewImagesTable(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("review_images")
        .addColumn("review_id", "text", (column) => column.primaryKey())
        .addColumn("content_type", "text", (column) => column.notNull())
        .addColumn("data", types.binary, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("review_images").execute();
    },
  };
}
