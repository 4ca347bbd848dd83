import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_LINE } from "../staff/audit";
import { onEachEngine, type TestStorage } from "../test-support";
import { addComment } from "./comments";
import { moderate, pendingItems, publishedItems } from "./moderation";
import { addReview } from "./reviews";

/** Who moderates in these tests (the audit log needs someone). */
const MODERATOR = COMMAND_LINE;

const SLUG = "how-much-emergency-savings-do-you-really-need";
const minute = (index: number) => new Date(Date.UTC(2026, 10, 1, 0, index));

/** The moderators' lists on each engine, past the number of rows a page shows. */
function moderationContract(name: string, open: () => Promise<TestStorage>) {
  describe(`the moderation lists on ${name}`, () => {
    let test: TestStorage;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it("show the newest published items first, also past 200 of them", async () => {
      // 250 approved comments and reviews, alternating, one a minute; then 3 pending.
      const ids: string[] = [];
      for (let index = 0; index < 250; index += 1) {
        const id =
          index % 2 === 0
            ? await storedComment(test, `Comment number ${index}`, minute(index))
            : await addReview(
                test.storage,
                {
                  locale: "en",
                  name: "Nimal",
                  email: "nimal@example.lk",
                  text: `Review number ${index}`,
                  rating: 4,
                },
                minute(index),
              );
        await moderate(
          test.storage,
          index % 2 === 0 ? "comment" : "review",
          id,
          "approve",
          MODERATOR,
        );
        ids.push(id);
      }
      for (let index = 250; index < 253; index += 1) {
        await storedComment(test, `Waiting ${index}`, minute(index));
      }

      const published = await publishedItems(test.storage);
      expect(published).toHaveLength(50);
      expect(published.map((item) => item.id)).toEqual(ids.slice(-50).reverse());
      expect(published[0]?.text).toBe("Review number 249");
      expect(published.every((item) => item.status === "approved")).toBe(true);

      // The newest can be taken down, and then no longer shows.
      const newest = published[0];
      if (!newest) throw new Error("nothing published");
      expect(await moderate(test.storage, newest.kind, newest.id, "reject", MODERATOR)).toBe(true);
      expect((await publishedItems(test.storage))[0]?.text).toBe("Comment number 248");

      // Waiting items are newest first too (issue 16; they were oldest first).
      expect((await pendingItems(test.storage)).map((item) => item.text)).toEqual([
        "Waiting 252",
        "Waiting 251",
        "Waiting 250",
      ]);
    });

    it("finds items by a piece of their name or text, case aside, % and _ taken literally", async () => {
      await storedComment(test, "A 100% honest_review of Kandy lenders", minute(300));
      const texts = async (search: string) =>
        [
          ...(await pendingItems(test.storage, search)),
          ...(await publishedItems(test.storage, search)),
        ].map((item) => item.text);
      expect(await texts("KANDY")).toEqual(["A 100% honest_review of Kandy lenders"]);
      expect(await texts("100%")).toEqual(["A 100% honest_review of Kandy lenders"]);
      expect(await texts("t_r")).toEqual(["A 100% honest_review of Kandy lenders"]);
      expect(await texts("0%_")).toEqual([]);
      expect(await texts("Waiting 251")).toEqual(["Waiting 251"]);
      expect((await texts("nimal")).length).toBe(50);
    });

    it("writes each change to the audit log: status before and after, never the name or text", async () => {
      const id = await storedComment(test, "Audit me, said Ama", minute(400));
      const actor = { id: "staff-1", label: "mod@nayacompare.lk" };
      expect(await moderate(test.storage, "comment", id, "approve", actor)).toBe(true);
      expect(await moderate(test.storage, "comment", id, "delete", actor)).toBe(true);
      expect(await moderate(test.storage, "comment", id, "delete", actor)).toBe(false);
      const rows = await test.storage.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject", "=", `comment:${id}`)
        .orderBy("at")
        .orderBy("action")
        .execute();
      expect(rows.map((row) => [row.action, row.actor, row.before, row.after])).toEqual([
        [
          "moderation.approve",
          "mod@nayacompare.lk",
          '{"status":"pending"}',
          '{"status":"approved"}',
        ],
        ["moderation.delete", "mod@nayacompare.lk", '{"status":"approved"}', null],
      ]);
      expect(JSON.stringify(rows)).not.toContain("Ama");
    });
  });
}

async function storedComment(test: TestStorage, text: string, at: Date): Promise<string> {
  const outcome = await addComment(
    test.storage,
    { slug: SLUG, locale: "en", name: "Ama", email: "ama@example.lk", text },
    at,
  );
  if (outcome.kind !== "stored") throw new Error("comment not stored");
  return outcome.id;
}

onEachEngine(moderationContract);
