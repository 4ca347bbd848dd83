import type { Storage } from "../storage/database";
import type { ErasureStep } from "../storage/erasure-steps";
import { touchPages } from "../storage/page-version";

/**
 * Erasure (server/borrowers/erasure.ts, decisions 0091, 0391): what a person wrote
 * with their e-mail goes, text included. Their comments are deleted, except
 * one that someone else answered: it stays as a placeholder without its
 * author's name, e-mail or text ("deleted at its author's request"), so the
 * answers keep their place. Their reviews are deleted with their photos.
 * What they wrote is found by the e-mail's data key (sealed under it,
 * decision 0335), and the key goes too. Answers how many comments and
 * reviews went.
 */
export async function eraseCommunityWrites(
  storage: Storage,
  db: Storage["db"],
  email: string,
  now: Date,
): Promise<number> {
  const writer = await storage.keys.contactKeyId(db, "email", email);
  const own = await db.selectFrom("comments").select("id").where("key_id", "=", writer).execute();
  const ownIds = own.map((row) => row.id);
  let comments = 0;
  if (ownIds.length > 0) {
    const answers = await db
      .selectFrom("comments")
      .select(["id", "parent_id", "key_id"])
      .where("parent_id", "in", ownIds)
      .execute();
    // A comment of theirs stays as a placeholder when an answer by someone else hangs
    // below it, directly or under another comment of theirs that stays (an earlier
    // placeholder counts as someone else's: it holds answers of its own).
    const kept = new Set<string>();
    for (let changed = true; changed; ) {
      changed = false;
      for (const answer of answers) {
        const parent = answer.parent_id;
        const holds = answer.key_id !== writer || kept.has(answer.id);
        if (parent && holds && !kept.has(parent)) {
          kept.add(parent);
          changed = true;
        }
      }
    }
    const placeholders = ownIds.filter((id) => kept.has(id));
    const deleted = ownIds.filter((id) => !kept.has(id));
    if (placeholders.length > 0) {
      await db
        .updateTable("comments")
        .set({ name: "", email: null, text: "", key_id: null, erased_at: now.toISOString() })
        .where("id", "in", placeholders)
        .execute();
    }
    if (deleted.length > 0) await db.deleteFrom("comments").where("id", "in", deleted).execute();
    comments = ownIds.length;
  }
  const reviews = await db
    .selectFrom("reviews")
    .select("id")
    .where("key_id", "=", writer)
    .execute();
  const reviewIds = reviews.map((row) => row.id);
  if (reviewIds.length > 0) {
    await db.deleteFrom("review_images").where("review_id", "in", reviewIds).execute();
    await db.deleteFrom("reviews").where("id", "in", reviewIds).execute();
  }
  await storage.keys.destroy(db, [writer]);
  if (comments + reviewIds.length > 0) await touchPages(db);
  return comments + reviewIds.length;
}

/** The community's step of an erasure: what was written with the erased e-mail. */
export const communityErasure: ErasureStep = {
  feature: "community",
  erase: ({ storage, trx, contacts, now }) =>
    contacts.email === undefined
      ? Promise.resolve(0)
      : eraseCommunityWrites(storage, trx, contacts.email, now),
};
