import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { type Columns, createTable } from "./table-builders";

/** A review's optional photo (issue 7), kept apart so that lists of reviews stay light. */
export function createReviewImagesTable({ text, binary }: Columns): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, "review_images", {
        review_id: text.primaryKey,
        content_type: text.notNull,
        data: binary.notNull,
      });
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("review_images").execute();
    },
  };
}
