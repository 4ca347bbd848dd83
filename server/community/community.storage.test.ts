import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReviewImage } from "../../core/domain/community";
import { COMMAND_LINE } from "../staff/audit";
import { onEachEngine, openTestSqlite, type TestStorage } from "../test-support";
import { addComment } from "./comments";
import { countView, rateArticle } from "./engagement";
import { moderate } from "./moderation";
import { articleCommunity, articleViewsLookup, reviewsSummary } from "./page-data";
import { addReview, reviewImage } from "./reviews";

/** Who moderates in these tests (the audit log needs someone). */
const MODERATOR = COMMAND_LINE;

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const SLUG = "how-much-emergency-savings-do-you-really-need";

/** The same behaviour on each engine: averages, counts, binary photos, moderation. */
function communityContract(name: string, open: () => Promise<TestStorage>) {
  describe(`community storage on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("averages ratings, one per visitor, and counts views once a day", async () => {
      await rateArticle(test.storage, SLUG, "visitor-a", 5);
      await rateArticle(test.storage, SLUG, "visitor-b", 4);
      expect(await rateArticle(test.storage, SLUG, "visitor-b", 2)).toEqual({
        average: 3.5,
        count: 2,
      });
      const morning = new Date("2026-11-21T03:00:00Z");
      await countView(test.storage, SLUG, "visitor-a", morning);
      await countView(test.storage, SLUG, "visitor-a", new Date("2026-11-21T10:00:00Z"));
      await countView(test.storage, SLUG, "visitor-a", new Date("2026-11-22T03:00:00Z"));
      expect((await articleCommunity(test.storage, SLUG)).views).toBe(2);
    });

    it("keeps a photo's bytes exactly and shows approved items only", async () => {
      const image = parseReviewImage(`data:image/png;base64,${PNG}`);
      const id = await addReview(test.storage, {
        locale: "si",
        name: "Kasun",
        email: "kasun@example.lk",
        text: "Helpful and free of charge.",
        rating: 5,
        image,
      });
      expect((await reviewsSummary(test.storage)).rating.count).toBe(0);
      expect(await reviewImage(test.storage, id)).toBeUndefined();
      expect(await moderate(test.storage, "review", id, "approve", MODERATOR)).toBe(true);
      const stored = await reviewImage(test.storage, id);
      expect(stored?.contentType).toBe("image/png");
      expect(stored?.data.equals(Buffer.from(PNG, "base64"))).toBe(true);
      expect((await reviewsSummary(test.storage)).reviews[0]).toMatchObject({ id, rating: 5 });

      const comment = await addComment(test.storage, {
        slug: SLUG,
        locale: "en",
        name: "Ama",
        email: "ama@example.lk",
        text: "Three months of expenses is my target.",
      });
      if (comment.kind !== "stored") throw new Error("not stored");
      await moderate(test.storage, "comment", comment.id, "approve", MODERATOR);
      const { comments } = await articleCommunity(test.storage, SLUG);
      expect(comments).toEqual([expect.objectContaining({ id: comment.id, name: "Ama" })]);
      expect(JSON.stringify(comments)).not.toContain("ama@example.lk");
    });
  });
}

onEachEngine(communityContract);

describe("the blog's view counts", () => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestSqlite();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("are recounted at most once a minute", async () => {
    const lookup = articleViewsLookup(test.storage, 60_000);
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, seconds));
    await countView(test.storage, SLUG, "visitor-a", at(0));
    expect(await lookup(at(0))).toEqual({ [SLUG]: 1 });
    await countView(test.storage, SLUG, "visitor-b", at(1));
    expect(await lookup(at(59))).toEqual({ [SLUG]: 1 });
    expect(await lookup(at(60))).toEqual({ [SLUG]: 2 });
  });
});
