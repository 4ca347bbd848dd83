import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LENDER_API_FIELDS } from "./decision-api";
import { lenderRecordSchema } from "./lender-record";
import { apiLender, licensedLender, testProduct } from "./test-lenders";

const problemsOf = (input: unknown) => {
  const result = lenderRecordSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the lender record", () => {
  it("takes a licensed criteria lender and an api lender", () => {
    expect(problemsOf(licensedLender())).toEqual([]);
    expect(problemsOf(apiLender())).toEqual([]);
    expect(problemsOf(licensedLender({ status: undefined, licence: undefined }))).toEqual([]);
  });

  it("lets a lender be live only with its licence, unless it is a sample or a sandbox", () => {
    expect(problemsOf(licensedLender({ licence: undefined }))).toEqual([
      "status: a lender goes live only with its licence (regulator, category, number)",
    ]);
    expect(problemsOf(licensedLender({ licence: undefined, sample: true }))).toEqual([]);
    expect(problemsOf(licensedLender({ licence: undefined, sandbox: true }))).toEqual([]);
    expect(problemsOf(licensedLender({ licence: undefined, status: "paused" }))).toEqual([]);
  });

  it("names the field of each problem", () => {
    const bad = {
      ...licensedLender(),
      id: "Ruhuna Harbour",
      names: { en: "Ruhuna Harbour Finance" },
      website: "http://ruhuna-harbour.example",
      licence: { regulator: "SEC", category: "pawnbroker", number: "" },
      complaints: {},
      dailyLeadCap: 0,
      decision: { mode: "api", url: "ftp://x.example", fields: ["nic", "nic", "salary"] },
      secret: "short",
      logo: "",
      products: [testProduct(9001), { ...testProduct(9001), lender: { name: "x" } }],
      colour: "red",
    };
    const problems = problemsOf(bad).map((line) => line.split(":")[0]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "id",
        "names.si",
        "website",
        "licence.regulator",
        "licence.category",
        "licence.number",
        "complaints",
        "dailyLeadCap",
        "decision.url",
        "decision.fields.2",
        "secret",
        "logo",
        "products.1",
        "",
      ]),
    );
  });

  it("refuses a field listed twice and an offer id used twice", () => {
    const twice = apiLender({
      decision: { mode: "api", url: "https://x.example/", fields: ["nic", "nic"] },
      products: [testProduct(9001), testProduct(9001)],
    });
    expect(problemsOf(twice)).toEqual([
      "decision.fields: a field is listed twice",
      "products.1.offer_id: offer id 9001 is used twice",
    ]);
  });

  it("checks a complaints contact's e-mail, phone and page", () => {
    const withContact = (complaints: object) => problemsOf(licensedLender({ complaints }));
    expect(withContact({ phone: "011 234 5678" })).toEqual([]);
    expect(withContact({ url: "https://ruhuna-harbour.example/complaints" })).toEqual([]);
    expect(withContact({ email: "not an e-mail" })[0]).toMatch(/^complaints\.email/);
    expect(withContact({ phone: "call us" })[0]).toMatch(/^complaints\.phone/);
    expect(withContact({ url: "javascript:alert(1)" })[0]).toMatch(/^complaints\.url/);
  });

  it("lists an api lender's applicant fields by the decision API's names, none by default", () => {
    const api = (decision: object) =>
      lenderRecordSchema.safeParse({ ...licensedLender({ secret: "s".repeat(32) }), decision });
    const url = "https://ruhuna-harbour.example/decide";
    expect(api({ mode: "api", url, fields: [...LENDER_API_FIELDS] }).success).toBe(true);
    const none = api({ mode: "api", url });
    expect(none.success && none.data.decision).toEqual({ mode: "api", url, fields: [] });
    // The loan always goes: it is not a field to ask for.
    expect(api({ mode: "api", url, fields: ["amount"] }).success).toBe(false);
    expect(api({ mode: "api", url, fields: ["age", "age"] }).success).toBe(false);
  });

  it("takes an api lender's own concurrency (1–64) and deadline (200–30,000 ms), whole numbers", () => {
    const url = "https://ruhuna-harbour.example/decide";
    const limits = (concurrency: unknown, deadlineMs: unknown) =>
      problemsOf(apiLender({ decision: { mode: "api", url, concurrency, deadlineMs } as never }));
    expect(limits(1, 200)).toEqual([]);
    expect(limits(64, 30_000)).toEqual([]);
    expect(limits(undefined, undefined)).toEqual([]);
    expect(limits(0, 199)).toEqual([
      "decision.concurrency: must be at least 1",
      "decision.deadlineMs: must be at least 200",
    ]);
    expect(limits(65, 30_001)).toEqual([
      "decision.concurrency: must be at most 64",
      "decision.deadlineMs: must be at most 30000",
    ]);
    expect(limits(1.5, "3000")).toEqual([
      "decision.concurrency: must be a whole number",
      "decision.deadlineMs: Invalid input: expected number, received string",
    ]);
    // A criteria lender is never asked: it has no such limits.
    expect(
      problemsOf(licensedLender({ decision: { mode: "criteria", concurrency: 4 } as never })),
    ).toEqual(['decision: Unrecognized key: "concurrency"']);
  });

  it("takes the example of docs/lenders.md", () => {
    const docs = readFileSync("docs/lenders.md", "utf8");
    const example = /```json\n([\s\S]*?)\n```/.exec(docs)?.[1] ?? "";
    expect(problemsOf(JSON.parse(example))).toEqual([]);
    // And its api lender's decision with limits of its own.
    const decision = /An `api` lender's `decision` with both:\n\n```json\n([\s\S]*?)\n```/.exec(
      docs,
    )?.[1];
    expect(problemsOf(apiLender({ decision: JSON.parse(decision ?? "null") }))).toEqual([]);
  });
});
