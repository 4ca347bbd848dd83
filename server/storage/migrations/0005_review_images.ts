import type { Kysely } from "kysely";
import type { Columns } from "./column-types";
import { createTable } from "./tables";

/** A review's optional photo (issue 7), kept apart so that lists of reviews stay light. */
export async function up(db: Kysely<unknown>, { text, binary }: Columns) {
  await createTable(db, "review_images", {
    review_id: text.primaryKey,
    content_type: text.notNull,
    data: binary.notNull,
  });
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("review_images").execute();
}
