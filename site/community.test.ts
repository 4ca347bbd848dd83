import { describe, expect, it } from "vitest";
import { COMMUNITY_ERRORS } from "../core/domain/community";
import { localeCatalogProblems } from "../core/messages/catalog-checks";
import type { PublicComment } from "../core/views/community-data";
import { averageText, commentThreads, communityOutcome, relativeTime } from "./community";
import { communityMessagesFor } from "./messages";

const NOW = "2026-11-21T12:00:00.000Z";
const earlier = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it.each([
    [0, "just now", "මොහොතකට පෙර"],
    [59_999, "just now", "මොහොතකට පෙර"],
    [MINUTE, "1 minute ago", "මිනිත්තුවකට පෙර"],
    [5 * MINUTE + 59_000, "5 minutes ago", "මිනිත්තු 5කට පෙර"],
    [59 * MINUTE, "59 minutes ago", "මිනිත්තු 59කට පෙර"],
    [HOUR, "1 hour ago", "පැයකට පෙර"],
    [3 * HOUR + 20 * MINUTE, "3 hours ago", "පැය 3කට පෙර"],
    [23 * HOUR, "23 hours ago", "පැය 23කට පෙර"],
    [DAY, "1 day ago", "දිනකට පෙර"],
    [2 * DAY + HOUR, "2 days ago", "දින 2කට පෙර"],
    [29 * DAY, "29 days ago", "දින 29කට පෙර"],
  ])("says %i ms ago as %s / %s", (ms, en, si) => {
    expect(relativeTime(earlier(ms), NOW, "en")).toBe(en);
    expect(relativeTime(earlier(ms), NOW, "si")).toBe(si);
  });

  it("writes the date in Colombo (DD/MM/YYYY) from 30 days on", () => {
    expect(relativeTime(earlier(30 * DAY), NOW, "en")).toBe("22/10/2026");
    expect(relativeTime(earlier(30 * DAY), NOW, "si")).toBe("22/10/2026");
    // 20:00 UTC is already the next day in Colombo (UTC+05:30).
    expect(relativeTime("2025-01-31T20:00:00.000Z", NOW, "en")).toBe("01/02/2025");
  });

  it("calls a time after now (clocks apart) just now, and an unreadable time nothing", () => {
    expect(relativeTime("2026-11-21T12:05:00.000Z", NOW, "en")).toBe("just now");
    expect(relativeTime("yesterday", NOW, "en")).toBe("");
  });
});

const comment = (id: string, createdAt: string, parentId: string | null = null): PublicComment => ({
  id,
  parentId,
  name: `Name ${id}`,
  text: `Text ${id}`,
  createdAt,
});

describe("commentThreads", () => {
  const comments = [
    comment("a", "2026-11-01T10:00:00Z"),
    comment("b", "2026-11-02T10:00:00Z"),
    comment("a2", "2026-11-05T10:00:00Z", "a"),
    comment("a1", "2026-11-03T10:00:00Z", "a"),
    comment("a1x", "2026-11-04T10:00:00Z", "a1"),
    comment("orphan", "2026-11-06T10:00:00Z", "not-approved"),
    comment("o1", "2026-11-07T10:00:00Z", "orphan"),
  ];
  const shape = (order: "newest" | "oldest") =>
    commentThreads(comments, order).map((thread) => [
      thread.comment.id,
      thread.replies.map((reply) => reply.id),
    ]);

  it("puts answers (and answers to answers) under the thread's first comment, oldest first", () => {
    expect(shape("oldest")).toEqual([
      ["a", ["a1", "a1x", "a2"]],
      ["b", []],
      ["orphan", ["o1"]],
    ]);
  });

  it("orders the threads newest first, keeping answers oldest first", () => {
    expect(shape("newest")).toEqual([
      ["orphan", ["o1"]],
      ["b", []],
      ["a", ["a1", "a1x", "a2"]],
    ]);
  });

  it("survives a cycle of parents and ties in time", () => {
    const loop = [
      comment("x", "2026-11-01T10:00:00Z", "y"),
      comment("y", "2026-11-01T10:00:00Z", "x"),
    ];
    const threads = commentThreads(loop, "oldest");
    expect(threads.map((thread) => thread.comment.id)).toEqual(["x", "y"]);
    expect(commentThreads([], "newest")).toEqual([]);
  });
});

describe("numbers", () => {
  it("writes averages with one decimal and grouped counts", () => {
    expect(averageText({ average: 4.6, count: 1234 }, "en")).toBe(
      "4.6 out of 5 from 1,234 ratings",
    );
    expect(averageText({ average: 4, count: 1 }, "en")).toBe("4.0 out of 5 from 1 rating");
    expect(averageText({ average: 0, count: 0 }, "en")).toBe("No ratings yet");
    expect(averageText({ average: 4.6, count: 12 }, "si")).toBe("ඇගයීම් 12ක සාමාන්‍යය 5න් 4.6");
  });
});

describe("communityOutcome", () => {
  it("reads accepted, field errors, throttling and failures", () => {
    expect(communityOutcome(202, { id: "1", status: "pending" }, null)).toEqual({
      kind: "accepted",
      body: { id: "1", status: "pending" },
    });
    expect(
      communityOutcome(
        400,
        {
          error: {
            code: "invalid",
            message: "Invalid",
            fields: { email: COMMUNITY_ERRORS.email, parentId: COMMUNITY_ERRORS.parent, x: "?" },
          },
        },
        null,
      ),
    ).toEqual({ kind: "invalid", errors: { email: "email", parentId: "parent", x: "invalid" } });
    expect(communityOutcome(429, null, "30")).toEqual({ kind: "throttled", minutes: 1 });
    expect(communityOutcome(429, null, "150")).toEqual({ kind: "throttled", minutes: 3 });
    expect(communityOutcome(429, null, null)).toEqual({ kind: "throttled", minutes: 1 });
    expect(communityOutcome(400, { error: { code: "bad" } }, null)).toEqual({ kind: "failed" });
    expect(communityOutcome(500, null, null)).toEqual({ kind: "failed" });
  });
});

describe("community catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(communityMessagesFor)).toEqual([]);
  });

  it("say every error of core/domain/community.ts", () => {
    const en: Record<string, string> = communityMessagesFor("en");
    const missing = Object.keys(COMMUNITY_ERRORS)
      .map((key) => `communityError:${key}`)
      .filter((key) => en[key] === undefined);
    expect(missing).toEqual([]);
  });
});
