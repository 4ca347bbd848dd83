import type { ReviewRequest } from "../../core/domain/schemas/community";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";

export async function addReview(
  storage: Storage,
  review: ReviewRequest,
  now: Date = new Date(),
): Promise<string> {
  const id = newOpaqueId();
  await storage.db.transaction().execute(async (trx) => {
    // Sealed under the writer's key, photo included (decision 0335).
    const key = await storage.keys.contactKey(trx, "email", review.email);
    await trx
      .insertInto("reviews")
      .values({
        id,
        status: "pending",
        locale: review.locale,
        ...key.seal("reviews", { name: review.name, email: review.email, text: review.text }),
        key_id: key.id,
        rating: review.rating,
        created_at: now.toISOString(),
      })
      .execute();
    if (review.image) {
      await trx
        .insertInto("review_images")
        .values({
          review_id: id,
          content_type: review.image.contentType,
          data: key.sealBytes("review_images", "data", review.image.bytes),
        })
        .execute();
    }
  });
  return id;
}

/** The address of a review's photo. */
export function reviewImagePath(reviewId: string): string {
  return `/reviews/${reviewId}/image`;
}

/**
 * A review's photo: only an approved review's, unless a moderator asks
 * (`pendingToo`), who must see it before approving.
 */
export async function reviewImage(
  storage: Storage,
  reviewId: string,
  { pendingToo = false }: { pendingToo?: boolean } = {},
): Promise<{ contentType: string; data: Buffer } | undefined> {
  let query = storage.db
    .selectFrom("review_images")
    .innerJoin("reviews", "reviews.id", "review_images.review_id")
    .select(["review_images.content_type", "review_images.data", "reviews.key_id"])
    .where("review_images.review_id", "=", reviewId);
  if (!pendingToo) query = query.where("reviews.status", "=", "approved");
  const row = await query.executeTakeFirst();
  const key = row?.key_id
    ? (await storage.keys.load(storage.db, [row.key_id])).get(row.key_id)
    : undefined;
  if (!row || !key) return undefined;
  return { contentType: row.content_type, data: key.openBytes("review_images", "data", row.data) };
}
