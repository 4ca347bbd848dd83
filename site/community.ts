/**
 * The pure side of comments, ratings and reviews (issue 7): relative times
 * that the server and the browser write alike, comment threads, averages,
 * and what an answer of the API means for a form. The forms' own checks and
 * bodies are in community-form.ts, which loads with the forms.
 */
import { type CommunityErrorKey, communityErrorKey } from "../core/domain/community";
import { colomboToday, formatDate } from "../core/helpers/dates";
import { groupThousands } from "../core/helpers/money";
import type { Locale } from "../core/locale";
import { fill } from "../core/messages";
import type { PublicComment, RatingSummary } from "../core/views/community-data";
import { communityMessagesFor } from "./messages";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past this, a date reads better than "45 days ago". */
const DATE_AFTER_DAYS = 30;

/**
 * "5 minutes ago", "3 hours ago", "2 days ago", then DD/MM/YYYY (Colombo's
 * date). Counted against the server's render time, never the browser's
 * clock, so hydration finds the same text; a time ahead of `now` (clocks
 * apart) is "just now".
 */
export function relativeTime(fromIso: string, nowIso: string, locale: Locale): string {
  const from = Date.parse(fromIso);
  const elapsed = Date.parse(nowIso) - from;
  if (!Number.isFinite(elapsed)) return "";
  const c = communityMessagesFor(locale);
  const ago = (count: number, one: string, many: string) =>
    count === 1 ? one : fill(many, { count });
  if (elapsed < MINUTE) return c.justNow;
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), c.minuteAgo, c.minutesAgo);
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), c.hourAgo, c.hoursAgo);
  const days = Math.floor(elapsed / DAY);
  if (days < DATE_AFTER_DAYS) return ago(days, c.dayAgo, c.daysAgo);
  return formatDate(colomboToday(new Date(from)));
}

export type CommentOrder = "newest" | "oldest";

export interface CommentThread {
  comment: PublicComment;
  /** Every answer in the thread, oldest first (answers to answers included: one level is shown). */
  replies: PublicComment[];
}

const byTime = (a: PublicComment, b: PublicComment) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Threads of one level: each answer goes under the comment that starts its
 * chain; a comment whose parent is not shown (not approved, or removed)
 * starts a thread of its own. Threads in the order asked, answers oldest first.
 */
export function commentThreads(
  comments: readonly PublicComment[],
  order: CommentOrder,
): CommentThread[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  // A loop of parents cannot come from the server; if one did, its comments stand alone.
  const rootOf = (comment: PublicComment) => {
    let root = comment;
    const seen = new Set<string>();
    for (;;) {
      seen.add(root.id);
      const parent = root.parentId === null ? undefined : byId.get(root.parentId);
      if (!parent) return root;
      if (seen.has(parent.id)) return comment;
      root = parent;
    }
  };
  const threads = new Map<string, CommentThread>();
  const sorted = [...comments].sort(byTime);
  for (const comment of sorted) {
    if (rootOf(comment) === comment) threads.set(comment.id, { comment, replies: [] });
  }
  for (const comment of sorted) {
    const root = rootOf(comment);
    if (root !== comment) threads.get(root.id)?.replies.push(comment);
  }
  const list = [...threads.values()];
  return order === "oldest" ? list : list.reverse();
}

/** "4.6 out of 5 from 12 ratings", or "No ratings yet". */
export function averageText({ average, count }: RatingSummary, locale: Locale): string {
  const c = communityMessagesFor(locale);
  if (count === 0) return c.ratingNone;
  return fill(count === 1 ? c.ratingSummaryOne : c.ratingSummary, {
    average: average.toFixed(1),
    count: groupThousands(count),
  });
}

/** A field's problem: a COMMUNITY_ERRORS key, or "invalid" for a text we do not know. */
export type CommunityProblem = CommunityErrorKey | "invalid";
export type CommunityFieldErrors = Partial<Record<string, CommunityProblem>>;

/**
 * What an answer means for a form: accepted; fields to fix (by
 * COMMUNITY_ERRORS key); too many attempts (wait `minutes`, from
 * Retry-After); or a failure worth trying again, with everything typed kept.
 */
export type CommunityOutcome =
  | { kind: "accepted"; body: unknown }
  | { kind: "invalid"; errors: CommunityFieldErrors }
  | { kind: "throttled"; minutes: number }
  | { kind: "failed" };

export function communityOutcome(
  status: number,
  body: unknown,
  retryAfter: string | null,
): CommunityOutcome {
  if (status >= 200 && status < 300) return { kind: "accepted", body };
  if (status === 429) {
    const seconds = Number(retryAfter);
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
    return { kind: "throttled", minutes };
  }
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (status === 400 && fields && typeof fields === "object") {
    const errors: CommunityFieldErrors = {};
    for (const [field, message] of Object.entries(fields)) {
      if (typeof message === "string") errors[field] = communityErrorKey(message) ?? "invalid";
    }
    if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
  }
  return { kind: "failed" };
}
