import { colomboToday } from "../../core/helpers/dates";
import type { RatingSummary } from "../../core/views/community-data";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";

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
  await touchPages(storage.db, storage);
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

/** An average and a count as read from storage (numbers may come back as text). */
export function ratingSummaryOf(row: {
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
  return ratingSummaryOf(row);
}
