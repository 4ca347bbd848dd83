import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../core/domain/schemas/application";
import { TEST_TODAY, validApplication } from "../../core/domain/schemas/application.fixtures";
import { loadCatalogues } from "../lenders/catalogue";
import { createVerifiedLead } from "../partners/leads.test-support";
import { openTestSqlite, recordingLog, type TestStorage } from "../test-support";
import { createLeadOffers } from "./lead-offers";

const offers = loadCatalogues().get("lk") ?? [];
const UPSTREAM = "https://feed.partner.test/leads";
/**
 * Local matching's answer for the fixture applicant (50,000 for 90 days, salaried, Rs 85,000
 * a month), ranked as the offers page lists them (issue 15; it was the catalogue's order):
 * 110's instalments fit the income; the others' one repayment is hard to repay, so they
 * follow by the total to pay (decision 0355).
 */
const LOCAL = [110, 102, 101, 107];

let test: TestStorage;
let leadId: string;

beforeAll(async () => {
  test = await openTestSqlite();
  const application = applicationSchema(TEST_TODAY).parse({ ...validApplication, term: 90 });
  ({ leadId } = await createVerifiedLead(test.storage, application, offers));
});

afterAll(async () => {
  await test?.cleanup();
});

/** A fake upstream answering each call with the next of `answers` (a status and a body, or a thrown error). */
function upstream(answers: ({ status: number; body?: unknown } | Error)[]) {
  const calls: URL[] = [];
  const fetch = (async (url: URL) => {
    calls.push(new URL(url));
    const answer = answers[calls.length - 1] ?? answers.at(-1);
    if (!answer || answer instanceof Error) throw answer ?? new Error("no answer");
    return new Response(JSON.stringify(answer.body ?? null), { status: answer.status });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function feedWith(fake: ReturnType<typeof upstream>, now = () => 0) {
  const { log, lines } = recordingLog();
  const feed = createLeadOffers({
    storage: test.storage,
    offers: () => offers,
    log,
    upstreamUrl: UPSTREAM,
    fetch: fake.fetch,
    now,
  });
  return { feed, lines };
}

describe("the lead feed with an upstream (FEED_UPSTREAM_URL)", () => {
  it("asks the upstream with SPEC §7's query and keeps only offers we can show", async () => {
    const fake = upstream([{ status: 200, body: [102, 999, "107"] }]);
    const { feed } = feedWith(fake);
    expect(await feed.read(leadId)).toMatchObject({
      activeOfferIds: [102, 107],
      source: "upstream",
    });
    const query = Object.fromEntries(fake.calls[0]?.searchParams ?? []);
    expect(query).toEqual({ lead_id: leadId, page: "all", direction: "swap", pf: "1" });
  });

  it("retries once on a SPEC §7 status, then falls back to local matching", async () => {
    const retried = upstream([{ status: 503 }, { status: 200, body: [101] }]);
    expect(await feedWith(retried).feed.read(leadId)).toMatchObject({
      activeOfferIds: [101],
      source: "upstream",
    });
    expect(retried.calls).toHaveLength(2);

    const down = upstream([{ status: 502 }, { status: 504 }]);
    const { feed, lines } = feedWith(down);
    expect(await feed.read(leadId)).toMatchObject({
      activeOfferIds: LOCAL,
      source: "local",
    });
    expect(down.calls).toHaveLength(2);
    expect(lines.join("\n")).toContain("lead feed upstream failed");
  });

  it("does not retry a status outside SPEC §7's list", async () => {
    const fake = upstream([{ status: 404 }, { status: 200, body: [101] }]);
    expect(await feedWith(fake).feed.read(leadId)).toMatchObject({ source: "local" });
    expect(fake.calls).toHaveLength(1);
  });

  it("falls back on network errors, timeouts and answers that are not id lists", async () => {
    for (const answers of [
      [new TypeError("fetch failed")],
      [new DOMException("timed out", "TimeoutError")],
      [{ status: 200, body: { unexpected: true } }],
    ]) {
      const { feed } = feedWith(upstream(answers));
      expect(await feed.read(leadId)).toMatchObject({ activeOfferIds: LOCAL, source: "local" });
    }
  });

  it("reuses an upstream answer for a short while", async () => {
    let time = 0;
    const fake = upstream([{ status: 200, body: [101] }]);
    const { feed } = feedWith(fake, () => time);
    await feed.read(leadId);
    await feed.read(leadId);
    expect(fake.calls).toHaveLength(1);
    time = 61_000;
    await feed.read(leadId);
    expect(fake.calls).toHaveLength(2);
  });

  it("answers not found for an unknown lead without asking the upstream", async () => {
    const fake = upstream([{ status: 200, body: [101] }]);
    expect(await feedWith(fake).feed.read("AAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
    expect(fake.calls).toHaveLength(0);
  });
});
