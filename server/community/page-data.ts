import type {
  ArticleCommunity,
  PublicComment,
  PublicReview,
  ReviewsSummary,
} from "../../core/views/community-data";
import type { Storage } from "../storage/database";
import { articleRating, ratingSummaryOf } from "./engagement";
import { reviewImagePath } from "./reviews";

/** How many approved reviews the home page shows, newest first. */
export const HOME_REVIEWS = 6;

/** An article's approved comments (oldest first), rating and views, for its page. */
export async function articleCommunity(
  storage: Storage,
  slug: string,
  now: Date = new Date(),
): Promise<ArticleCommunity> {
  const [comments, rating, views] = await Promise.all([
    storage.db
      .selectFrom("comments")
      // Each writer's key with the comments: one query (decision 0335).
      .leftJoin("data_keys", "data_keys.id", "comments.key_id")
      .select([
        "comments.id",
        "comments.parent_id",
        "comments.name",
        "comments.text",
        "comments.created_at",
        "comments.erased_at",
        "comments.key_id",
        "data_keys.wrapped as key_wrapped",
        "data_keys.kek as key_kek",
      ])
      .where("comments.slug", "=", slug)
      .where("comments.status", "=", "approved")
      .orderBy("comments.created_at", "asc")
      .limit(500)
      .execute()
      .then((rows) => storage.keys.openRows(storage.db, "comments", rows)),
    articleRating(storage, slug),
    storage.db
      .selectFrom("article_views")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    comments: withoutBarePlaceholders(
      comments.map(
        (row): PublicComment => ({
          id: row.id,
          parentId: row.parent_id,
          name: row.name,
          text: row.text,
          createdAt: row.created_at,
          ...(row.erased_at === null ? {} : { erased: true as const }),
        }),
      ),
    ),
    rating,
    views: Number(views.count),
    now: now.toISOString(),
  };
}

/**
 * The placeholders of erased comments that still hold a published answer
 * below them, directly or through other placeholders; a placeholder with
 * nothing to hold (its answers removed too) is not shown.
 */
function withoutBarePlaceholders(comments: PublicComment[]): PublicComment[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const holding = new Set<string>();
  for (const comment of comments) {
    if (comment.erased) continue;
    const seen = new Set<string>();
    for (let parent = comment.parentId; parent !== null && !seen.has(parent); ) {
      seen.add(parent);
      holding.add(parent);
      parent = byId.get(parent)?.parentId ?? null;
    }
  }
  return comments.filter((comment) => !comment.erased || holding.has(comment.id));
}

/** The home page's approved reviews, newest first, with the average of all approved ones. */
export async function reviewsSummary(
  storage: Storage,
  now: Date = new Date(),
): Promise<ReviewsSummary> {
  const [reviews, rating] = await Promise.all([
    storage.db
      .selectFrom("reviews")
      .leftJoin("review_images", "review_images.review_id", "reviews.id")
      .leftJoin("data_keys", "data_keys.id", "reviews.key_id")
      .select([
        "reviews.id",
        "reviews.name",
        "reviews.text",
        "reviews.rating",
        "reviews.created_at",
        "reviews.key_id",
        "data_keys.wrapped as key_wrapped",
        "data_keys.kek as key_kek",
        "review_images.review_id as image_of",
      ])
      .where("reviews.status", "=", "approved")
      .orderBy("reviews.created_at", "desc")
      .limit(HOME_REVIEWS)
      .execute()
      .then((rows) => storage.keys.openRows(storage.db, "reviews", rows)),
    storage.db
      .selectFrom("reviews")
      .select((eb) => [
        eb.fn.avg<number>("rating").as("average"),
        eb.fn.countAll<number>().as("count"),
      ])
      .where("status", "=", "approved")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    reviews: reviews.map(
      (row): PublicReview => ({
        id: row.id,
        name: row.name,
        text: row.text,
        rating: row.rating,
        createdAt: row.created_at,
        image: row.image_of ? reviewImagePath(row.id) : undefined,
      }),
    ),
    rating: ratingSummaryOf(rating),
    now: now.toISOString(),
  };
}

/** All-time views of every article, for the blog's "popular" list. */
export async function viewsBySlug(storage: Storage): Promise<Record<string, number>> {
  const rows = await storage.db
    .selectFrom("article_views")
    .select((eb) => ["slug", eb.fn.countAll<number>().as("count")])
    .groupBy("slug")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.slug, Number(row.count)]));
}

/**
 * The blog's view counts as pages read them: one count over every view
 * recorded, so recounted at most once per `viewsTtlMs` rather than on every
 * blog page (comments, ratings and reviews are read on each render, so that
 * moderation shows at once).
 */
export function articleViewsLookup(storage: Storage, viewsTtlMs = 60_000) {
  let views: { at: number; counts: Promise<Record<string, number>> } | undefined;
  return async (now: Date = new Date()): Promise<Record<string, number>> => {
    if (!views || now.getTime() - views.at >= viewsTtlMs) {
      const counts = viewsBySlug(storage);
      views = { at: now.getTime(), counts };
      // A failed count is not kept: the next page asks again.
      counts.catch(() => {
        if (views?.counts === counts) views = undefined;
      });
    }
    return views.counts;
  };
}
