import type { CommentRequest } from "../../core/domain/schemas/community";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";

export type CommentOutcome = { kind: "stored"; id: string } | { kind: "unknown_parent" };

/**
 * Stores a comment as pending. A reply must answer an approved comment of
 * the same article (a pending one is not visible, so nobody can answer it),
 * and not the placeholder of an erased one.
 */
export async function addComment(
  storage: Storage,
  comment: CommentRequest,
  now: Date = new Date(),
): Promise<CommentOutcome> {
  if (comment.parentId) {
    const parent = await storage.db
      .selectFrom("comments")
      .select("id")
      .where("id", "=", comment.parentId)
      .where("slug", "=", comment.slug)
      .where("status", "=", "approved")
      // A comment deleted at its author's request (0091) takes no new answers.
      .where("erased_at", "is", null)
      .executeTakeFirst();
    if (!parent) return { kind: "unknown_parent" };
  }
  const id = newOpaqueId();
  await storage.db.transaction().execute(async (trx) => {
    // Sealed under the writer's key (decision 0335): an erasure of the e-mail deletes it.
    const key = await storage.keys.contactKey(trx, "email", comment.email);
    await trx
      .insertInto("comments")
      .values({
        id,
        slug: comment.slug,
        parent_id: comment.parentId ?? null,
        status: "pending",
        locale: comment.locale,
        ...key.seal("comments", { name: comment.name, email: comment.email, text: comment.text }),
        key_id: key.id,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return { kind: "stored", id };
}
