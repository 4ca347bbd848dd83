import type { Storage } from "../storage/database";

/**
 * Erasure (server/borrowers/erasure.ts): a comment written with the e-mail loses
 * its author (the e-mail, and the name, shown as anonymous from then on);
 * the text stays, so that the replies to it still make sense.
 */
export async function eraseCommentAuthors(db: Storage["db"], email: string): Promise<number> {
  const result = await db
    .updateTable("comments")
    .set({ email: null, name: "" })
    .where("email", "=", email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
