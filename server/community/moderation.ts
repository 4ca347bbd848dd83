import type { Storage } from "../storage/database";
import type { ModerationStatus } from "../storage/schema";

export interface PendingItem {
  kind: "comment" | "review";
  id: string;
  name: string;
  text: string;
  /** The article of a comment; the stars of a review. */
  slug?: string | undefined;
  rating?: number | undefined;
  /** A review with a photo, shown to the moderator before approval. */
  hasImage?: boolean | undefined;
  status: ModerationStatus;
  createdAt: string;
}

/** How many items of each list the moderation page shows. */
const PENDING_SHOWN = 200;
const PUBLISHED_SHOWN = 50;

/** Items waiting for a moderator, oldest first (first come, first served). */
export async function pendingItems(storage: Storage): Promise<PendingItem[]> {
  return itemsWithStatus(storage, "pending", "asc", PENDING_SHOWN);
}

/** The latest published items, newest first, so that a moderator can take a new one down. */
export async function publishedItems(storage: Storage): Promise<PendingItem[]> {
  return itemsWithStatus(storage, "approved", "desc", PUBLISHED_SHOWN);
}

/**
 * The first `count` comments and reviews together in the order asked: each
 * table gives its own first `count`, so the merged first `count` are right
 * however many rows there are.
 */
async function itemsWithStatus(
  storage: Storage,
  status: ModerationStatus,
  order: "asc" | "desc",
  count: number,
): Promise<PendingItem[]> {
  const [comments, reviews] = await Promise.all([
    storage.db
      .selectFrom("comments")
      .select(["id", "slug", "name", "text", "status", "created_at"])
      .where("status", "=", status)
      // A placeholder of an erased comment (0091) has nothing left to moderate.
      .where("erased_at", "is", null)
      .orderBy("created_at", order)
      .orderBy("id", order)
      .limit(count)
      .execute(),
    storage.db
      .selectFrom("reviews")
      .leftJoin("review_images", "review_images.review_id", "reviews.id")
      .select([
        "reviews.id",
        "reviews.name",
        "reviews.text",
        "reviews.rating",
        "reviews.status",
        "reviews.created_at",
        "review_images.review_id as image_of",
      ])
      .where("reviews.status", "=", status)
      .orderBy("reviews.created_at", order)
      .orderBy("reviews.id", order)
      .limit(count)
      .execute(),
  ]);
  return [
    ...comments.map((row) => ({
      kind: "comment" as const,
      id: row.id,
      name: row.name,
      text: row.text,
      slug: row.slug,
      status: row.status,
      createdAt: row.created_at,
    })),
    ...reviews.map((row) => ({
      kind: "review" as const,
      id: row.id,
      name: row.name,
      text: row.text,
      rating: row.rating,
      hasImage: row.image_of !== null,
      status: row.status,
      createdAt: row.created_at,
    })),
  ]
    .sort((a, b) => {
      const oldestFirst = a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
      return order === "asc" ? oldestFirst : -oldestFirst;
    })
    .slice(0, count);
}

export type ModerationAction = "approve" | "reject" | "delete";

/**
 * Approves, rejects or deletes a comment or review; answers whether it
 * existed. Deleting a comment deletes its replies too (they answer nothing).
 * Pages read storage on every render, so the change shows at once.
 */
export async function moderate(
  storage: Storage,
  kind: "comment" | "review",
  id: string,
  action: ModerationAction,
): Promise<boolean> {
  const table = kind === "comment" ? "comments" : "reviews";
  if (action === "delete") {
    return storage.db.transaction().execute(async (trx) => {
      if (kind === "comment") {
        await trx.deleteFrom("comments").where("parent_id", "=", id).execute();
      } else {
        await trx.deleteFrom("review_images").where("review_id", "=", id).execute();
      }
      const result = await trx.deleteFrom(table).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }
  const result = await storage.db
    .updateTable(table)
    .set({ status: action === "approve" ? "approved" : "rejected" })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
