import { colomboToday } from "../../core/dates";
import type { CommentRequest, ReviewRequest } from "../../core/schemas/community";
import type {
  ArticleCommunity,
  CommunityData,
  CommunityNeed,
  PublicComment,
  PublicReview,
  RatingSummary,
  ReviewsSummary,
} from "../../site/server";
import { newOpaqueId } from "../borrowers/leads";
import type { Storage } from "../storage/database";
import type { ModerationStatus } from "../storage/schema";

/** How many approved reviews the home page shows, newest first. */
export const HOME_REVIEWS = 6;

export type CommentOutcome = { kind: "stored"; id: string } | { kind: "unknown_parent" };

/**
 * Stores a comment as pending. A reply must answer an approved comment of
 * the same article (a pending one is not visible, so nobody can answer it).
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
      .executeTakeFirst();
    if (!parent) return { kind: "unknown_parent" };
  }
  const id = newOpaqueId();
  await storage.db
    .insertInto("comments")
    .values({
      id,
      slug: comment.slug,
      parent_id: comment.parentId ?? null,
      status: "pending",
      locale: comment.locale,
      name: comment.name,
      email: comment.email,
      text: comment.text,
      created_at: now.toISOString(),
    })
    .execute();
  return { kind: "stored", id };
}

export async function addReview(
  storage: Storage,
  review: ReviewRequest,
  now: Date = new Date(),
): Promise<string> {
  const id = newOpaqueId();
  await storage.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("reviews")
      .values({
        id,
        status: "pending",
        locale: review.locale,
        name: review.name,
        text: review.text,
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
          data: Buffer.from(review.image.bytes),
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
    .select(["review_images.content_type", "review_images.data"])
    .where("review_images.review_id", "=", reviewId);
  if (!pendingToo) query = query.where("reviews.status", "=", "approved");
  const row = await query.executeTakeFirst();
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
}

/** One rating per visitor and article: a new one replaces the visitor's last. */
export async function rateArticle(
  storage: Storage,
  slug: string,
  visitor: string,
  rating: number,
  now: Date = new Date(),
): Promise<RatingSummary> {
  await storage.db
    .insertInto("article_ratings")
    .values({ slug, visitor, rating, created_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(["slug", "visitor"]).doUpdateSet({ rating, created_at: now.toISOString() }),
    )
    .execute();
  return articleRating(storage, slug);
}

/** Counts a view once per visitor, article and Colombo day. */
export async function countView(
  storage: Storage,
  slug: string,
  visitor: string,
  now: Date = new Date(),
): Promise<void> {
  await storage.db
    .insertInto("article_views")
    .values({ slug, visitor, day: colomboToday(now) })
    .onConflict((conflict) => conflict.columns(["slug", "visitor", "day"]).doNothing())
    .execute();
}

function summaryOf(row: {
  average: number | string | null;
  count: number | string;
}): RatingSummary {
  const count = Number(row.count);
  return { average: count === 0 ? 0 : Math.round(Number(row.average) * 10) / 10, count };
}

export async function articleRating(storage: Storage, slug: string): Promise<RatingSummary> {
  const row = await storage.db
    .selectFrom("article_ratings")
    .select((eb) => [
      eb.fn.avg<number>("rating").as("average"),
      eb.fn.countAll<number>().as("count"),
    ])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return summaryOf(row);
}

/** An article's approved comments (oldest first), rating and views, for its page. */
export async function articleCommunity(
  storage: Storage,
  slug: string,
  now: Date = new Date(),
): Promise<ArticleCommunity> {
  const [comments, rating, views] = await Promise.all([
    storage.db
      .selectFrom("comments")
      .select(["id", "parent_id", "name", "text", "created_at"])
      .where("slug", "=", slug)
      .where("status", "=", "approved")
      .orderBy("created_at", "asc")
      .limit(500)
      .execute(),
    articleRating(storage, slug),
    storage.db
      .selectFrom("article_views")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    comments: comments.map(
      (row): PublicComment => ({
        id: row.id,
        parentId: row.parent_id,
        name: row.name,
        text: row.text,
        createdAt: row.created_at,
      }),
    ),
    rating,
    views: Number(views.count),
    now: now.toISOString(),
  };
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
      .select([
        "reviews.id",
        "reviews.name",
        "reviews.text",
        "reviews.rating",
        "reviews.created_at",
        "review_images.review_id as image_of",
      ])
      .where("reviews.status", "=", "approved")
      .orderBy("reviews.created_at", "desc")
      .limit(HOME_REVIEWS)
      .execute(),
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
    rating: summaryOf(rating),
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

/** The community's data a page shows (site/server.tsx pageCommunityNeeds). */
export async function communityData(
  storage: Storage,
  need: NonNullable<CommunityNeed>,
  now: Date = new Date(),
): Promise<CommunityData> {
  switch (need.kind) {
    case "article":
      return { article: await articleCommunity(storage, need.slug, now) };
    case "home":
      return { reviews: await reviewsSummary(storage, now) };
    case "blog":
      return { viewsBySlug: await viewsBySlug(storage) };
  }
}

/**
 * The community lookup pages use. The blog's view counts are one count
 * over every view recorded, so they are recounted at most once per
 * `viewsTtlMs` rather than on every blog page; comments, ratings and
 * reviews are read on each render, so moderation shows at once.
 */
export function communityLookup(storage: Storage, viewsTtlMs = 60_000) {
  let views: { at: number; counts: Promise<Record<string, number>> } | undefined;
  return async (
    need: NonNullable<CommunityNeed>,
    now: Date = new Date(),
  ): Promise<CommunityData> => {
    if (need.kind !== "blog") return communityData(storage, need, now);
    if (!views || now.getTime() - views.at >= viewsTtlMs) {
      const counts = viewsBySlug(storage);
      views = { at: now.getTime(), counts };
      // A failed count is not kept: the next page asks again.
      counts.catch(() => {
        if (views?.counts === counts) views = undefined;
      });
    }
    return { viewsBySlug: await views.counts };
  };
}

// Moderation (the admin area).

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

/** Items waiting for a moderator, oldest first (first come, first served). */
export async function pendingItems(storage: Storage): Promise<PendingItem[]> {
  return itemsWithStatus(storage, "pending");
}

/** The latest published items, newest first, so that a moderator can take one down. */
export async function publishedItems(storage: Storage): Promise<PendingItem[]> {
  return (await itemsWithStatus(storage, "approved")).reverse().slice(0, 50);
}

async function itemsWithStatus(storage: Storage, status: ModerationStatus): Promise<PendingItem[]> {
  const [comments, reviews] = await Promise.all([
    storage.db
      .selectFrom("comments")
      .select(["id", "slug", "name", "text", "status", "created_at"])
      .where("status", "=", status)
      .orderBy("created_at", "asc")
      .limit(200)
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
      .orderBy("reviews.created_at", "asc")
      .limit(200)
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
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
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

/**
 * Erasure (services/unsubscribe.ts): a comment written with the e-mail loses
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

/** For the admin's list of deletion requests: newest first, counts only. */
export async function erasureRequests(storage: Storage) {
  return storage.db
    .selectFrom("erasure_requests")
    .selectAll()
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
}
