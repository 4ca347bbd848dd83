import type { ModerationAction, ModerationItem } from "../../core/views/back-office";
import { type AuditActor, recordAudit } from "../staff/audit";
import type { Storage } from "../storage/database";
import { touchPages } from "../storage/page-version";
import type { ModerationStatus } from "../storage/schema";

export type { ModerationAction };
export type PendingItem = ModerationItem;

/** How many items of each list the moderation page shows. */
const PENDING_SHOWN = 200;
const PUBLISHED_SHOWN = 50;
/** A search is a substring of a name or text (or a comment's article), at most this long, any case. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Items waiting for a moderator, newest first (issue 16: the queue and the
 * published list alike), those matching `search` when one is given.
 */
export async function pendingItems(storage: Storage, search = ""): Promise<PendingItem[]> {
  return itemsWithStatus(storage, "pending", "desc", PENDING_SHOWN, search);
}

/** The latest published items, newest first, so that a moderator can take a new one down. */
export async function publishedItems(storage: Storage, search = ""): Promise<PendingItem[]> {
  return itemsWithStatus(storage, "approved", "desc", PUBLISHED_SHOWN, search);
}

/** How many comments and reviews are waiting (the home page's figure). */
export async function pendingCount(storage: Storage): Promise<number> {
  const count = (table: "comments" | "reviews") =>
    storage.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "pending")
      .$if(table === "comments", (query) => query.where("erased_at", "is", null))
      .executeTakeFirstOrThrow();
  const [comments, reviews] = await Promise.all([count("comments"), count("reviews")]);
  return Number(comments.count) + Number(reviews.count);
}

/** How many rows a search opens at a time (names and texts are sealed: decision 0335). */
const SEARCH_BATCH = 500;

/**
 * The first `count` rows `page` gives (opened) that `search` matches, in
 * its order: one page when there is no search; otherwise page after page,
 * since the names and texts are sealed and only match once opened.
 */
async function firstMatching<Row>(
  count: number,
  search: string,
  page: (limit: number, offset: number) => Promise<Row[]>,
  searched: (row: Row) => string[],
): Promise<Row[]> {
  if (!search) return page(count, 0);
  const wanted = search.slice(0, SEARCH_MAX_LENGTH).toLowerCase();
  const found: Row[] = [];
  for (let offset = 0; found.length < count; offset += SEARCH_BATCH) {
    const rows = await page(SEARCH_BATCH, offset);
    for (const row of rows) {
      if (searched(row).some((value) => value.toLowerCase().includes(wanted))) found.push(row);
    }
    if (rows.length < SEARCH_BATCH) break;
  }
  return found.slice(0, count);
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
  search: string,
): Promise<PendingItem[]> {
  const [comments, reviews] = await Promise.all([
    firstMatching(
      count,
      search,
      async (limit, offset) =>
        storage.keys.openRows(
          storage.db,
          "comments",
          await storage.db
            .selectFrom("comments")
            .select(["id", "slug", "name", "text", "status", "created_at", "key_id"])
            .where("status", "=", status)
            // A placeholder of an erased comment (0091) has nothing left to moderate.
            .where("erased_at", "is", null)
            .orderBy("created_at", order)
            .orderBy("id", order)
            .limit(limit)
            .offset(offset)
            .execute(),
        ),
      (row) => [row.name, row.text, row.slug],
    ),
    firstMatching(
      count,
      search,
      async (limit, offset) =>
        storage.keys.openRows(
          storage.db,
          "reviews",
          await storage.db
            .selectFrom("reviews")
            .leftJoin("review_images", "review_images.review_id", "reviews.id")
            .select([
              "reviews.id",
              "reviews.name",
              "reviews.text",
              "reviews.rating",
              "reviews.status",
              "reviews.created_at",
              "reviews.key_id",
              "review_images.review_id as image_of",
            ])
            .where("reviews.status", "=", status)
            .orderBy("reviews.created_at", order)
            .orderBy("reviews.id", order)
            .limit(limit)
            .offset(offset)
            .execute(),
        ),
      (row) => [row.name, row.text],
    ),
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

const STATUS_AFTER: Record<Exclude<ModerationAction, "delete">, ModerationStatus> = {
  approve: "approved",
  reject: "rejected",
};

/**
 * Approves, rejects (or takes down) or deletes a comment or review, and
 * writes the change to the audit log in the same transaction (its status
 * before and after; never its name or text). Answers whether it existed.
 * Deleting a comment deletes its replies too (they answer nothing). Pages
 * read storage on every render, so the change shows at once.
 */
export async function moderate(
  storage: Storage,
  kind: "comment" | "review",
  id: string,
  action: ModerationAction,
  actor: AuditActor,
  now = new Date(),
): Promise<boolean> {
  const table = kind === "comment" ? "comments" : "reviews";
  return storage.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom(table)
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    if (action === "delete") {
      if (kind === "comment") {
        await trx.deleteFrom("comments").where("parent_id", "=", id).execute();
      } else {
        await trx.deleteFrom("review_images").where("review_id", "=", id).execute();
      }
      await trx.deleteFrom(table).where("id", "=", id).execute();
    } else {
      await trx
        .updateTable(table)
        .set({ status: STATUS_AFTER[action] })
        .where("id", "=", id)
        .execute();
    }
    await recordAudit(
      trx,
      actor,
      {
        action: `moderation.${action}`,
        subject: `${kind}:${id}`,
        before: { status: before.status },
        after: action === "delete" ? null : { status: STATUS_AFTER[action] },
      },
      now,
    );
    // Pending items are on no page; any action may change one (decision 0260).
    await touchPages(trx, storage);
    return true;
  });
}

/** One action on several items (the moderators' bulk approve or reject); answers how many existed. */
export async function moderateAll(
  storage: Storage,
  items: readonly { kind: "comment" | "review"; id: string }[],
  action: ModerationAction,
  actor: AuditActor,
  now = new Date(),
): Promise<number> {
  let found = 0;
  for (const item of items) {
    if (await moderate(storage, item.kind, item.id, action, actor, now)) found += 1;
  }
  return found;
}
