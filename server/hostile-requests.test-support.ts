/**
 * What the sweeps of hostile requests share (hostile-requests.http.test.ts,
 * hostile-writes.http.test.ts): the app on one engine with a partner's key,
 * the JSON endpoints with their fields, hostile values, every route with
 * `{}` for its parameters, and the checks of an answer and of the log.
 * Not imported by any shipped module.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { validApplication } from "../core/domain/schemas/application.fixtures";
import { createPartner } from "./partners/partners";
import { recordingLog, setUpTestApp, type TestStorage } from "./test-support";

export const LENDER_SECRET = "kandy-lane-secret-0123456789";
export const SLUG = "are-you-ready-to-apply-for-personal-loans";
/** An opaque id of nothing we hold. */
export const UNKNOWN_ID = "AAAAAAAAAAAAAAAAAAAAAA";

/**
 * The app the sweeps send to, over the engine `open` gives (onEachEngine),
 * with a partner's secret key, a lender's postback secret and a dist/ of
 * stand-in files; its log is recorded (expectQuietLog). Read inside tests only.
 */
export function setUpHostileApp(open: () => Promise<TestStorage>) {
  const distDir = mkdtempSync(path.join(tmpdir(), "nayacompare-hostile-dist-"));
  for (const [file, text] of [
    ["widget/loan-widget.js", "/* widget */"],
    ["site/assets/client-test.js", "/* client */"],
    ["site/public/favicon.ico", "icon"],
  ] as const) {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    writeFileSync(path.join(distDir, file), text);
  }
  afterAll(() => {
    rmSync(distDir, { recursive: true, force: true });
  });
  const recorded = recordingLog();
  const context = setUpTestApp(
    {
      log: recorded.log,
      lenderSecrets: new Map([["kandy-lane", LENDER_SECRET]]),
      partnerRateLimit: { limit: 1_000_000, windowMs: 60_000 },
      distDir,
      examplesDir: path.resolve("examples"),
    },
    open,
  );
  let secretKey = "";
  beforeAll(async () => {
    ({
      keys: { secretKey },
    } = await createPartner(context.test.storage, {
      id: "hostile-requests",
      name: "Hostile requests",
      payoutModel: "lead",
      payoutRupees: 1,
      origins: ["https://partner.example"],
      postbackUrl: null,
    }));
  });
  return {
    recorded,
    get app() {
      return context.app;
    },
    get storage() {
      return context.test.storage;
    },
    get secretKey() {
      return secretKey;
    },
  };
}

let address = 0;
/** A new client address per request: the limits per IP count each as someone else. */
export const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

export interface JsonEndpoint {
  method: "POST" | "DELETE";
  url: string;
  /** The endpoint's own field names: hostile values under real names reach deeper. */
  fields: readonly string[];
  /** A valid body; one field made hostile may still be valid (then a 2xx is right). */
  valid?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The endpoint reads no body: any body is answered as a valid one. */
  ignoresBody?: boolean;
}

export const push = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  expirationTime: null,
  keys: {
    p256dh: Buffer.alloc(65, 4).toString("base64url"),
    auth: Buffer.alloc(16, 7).toString("base64url"),
  },
  locale: "si",
};

export const JSON_ENDPOINTS: readonly JsonEndpoint[] = [
  {
    method: "POST",
    url: "/api/event",
    fields: ["event_id", "session_id", "client_id", "provider_id", "domain", "referer", "sub1"],
    valid: { event_id: 5, utm_source: "hostile", sub3: "0301.1-A" },
  },
  {
    method: "POST",
    url: "/api/applications",
    fields: Object.keys(validApplication),
    valid: { ...validApplication, phone: "0770004444" },
  },
  {
    method: "POST",
    url: "/api/partner/v1/leads",
    fields: Object.keys(validApplication),
    valid: { ...validApplication, phone: "0770005555" },
    headers: { authorization: "Bearer {secretKey}" },
  },
  {
    method: "POST",
    url: "/api/postback",
    fields: ["click_id", "status", "amount", "signature", "token"],
    valid: { click_id: "AAAAAAAAAAAAAAAAAAAAAA", status: "approved", token: LENDER_SECRET },
  },
  {
    method: "POST",
    url: "/api/comments",
    fields: ["slug", "locale", "name", "email", "text", "parentId", "website"],
    valid: {
      slug: SLUG,
      locale: "en",
      name: "Ruwan",
      email: "ruwan@example.lk",
      text: "Clear, thank you.",
      website: "",
    },
  },
  {
    method: "POST",
    url: "/api/reviews",
    fields: ["locale", "name", "text", "rating", "image", "website"],
    valid: {
      locale: "en",
      name: "Dilani",
      text: "Compared offers quickly.",
      rating: 5,
      website: "",
    },
  },
  {
    method: "POST",
    url: `/api/articles/${SLUG}/rating`,
    fields: ["rating"],
    valid: { rating: 4 },
    // A visitor of its own each time, or the limit per visitor would answer 429 before parsing.
    headers: { cookie: "client_id={clientId}" },
  },
  { method: "POST", url: `/api/articles/${SLUG}/views`, fields: [], ignoresBody: true },
  {
    method: "POST",
    url: "/api/push/subscriptions",
    fields: ["endpoint", "expirationTime", "keys", "locale"],
    valid: push,
  },
  {
    method: "DELETE",
    url: "/api/push/subscriptions",
    fields: ["endpoint"],
    valid: { endpoint: push.endpoint },
  },
  // Erasure runs for a valid body: no valid body is generated (its fields get hostile values).
  { method: "POST", url: "/api/unsubscribe", fields: ["email", "phone"] },
  {
    method: "POST",
    url: "/api/unsubscribe/confirm",
    fields: ["requestId", "code"],
    valid: { requestId: UNKNOWN_ID, code: "123456" },
  },
  // The one-time codes of applications (issue 14): an id of no lead, so a valid body is a 404.
  {
    method: "POST",
    url: `/api/applications/${UNKNOWN_ID}/verification`,
    fields: ["code"],
    valid: { code: "123456" },
  },
  {
    method: "POST",
    url: `/api/applications/${UNKNOWN_ID}/verification/resend`,
    fields: [],
    ignoresBody: true,
  },
  {
    method: "POST",
    url: `/api/partner/v1/leads/${UNKNOWN_ID}/verification/resend`,
    fields: [],
    ignoresBody: true,
    headers: { authorization: "Bearer {secretKey}" },
  },
  // "Save or send my offers": no lead cookie, so a valid body is a 4xx (no application).
  {
    method: "POST",
    url: "/api/offers-link",
    fields: ["channel", "email", "locale"],
    valid: { channel: "email", email: "ruwan@example.lk" },
  },
  {
    method: "POST",
    url: `/api/partner/v1/leads/${UNKNOWN_ID}/verification`,
    fields: ["code"],
    valid: { code: "123456" },
    headers: { authorization: "Bearer {secretKey}" },
  },
  // A lender's callback (issue 15): a decision of no application, so a valid body is a 404.
  {
    method: "POST",
    url: "/api/lenders/v1/decisions",
    fields: ["decisionId", "decision", "offerId", "amount", "termDays", "terms", "reason"],
    valid: { decisionId: UNKNOWN_ID, decision: "declined", reason: "other" },
    headers: { "x-timestamp": "1700000000", "x-signature": "0".repeat(64) },
  },
];

/** Keys that have hurt JavaScript servers. */
export const hostileKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "");

export const hostileString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "x",
    "",
    " ",
    "\u0000",
    "%ZZ",
    "%",
    "http://[::1",
    "https://",
    "https://fcm.googleapis.com:99999/x",
    "javascript:alert(1)",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "__proto__",
    "-1",
    "1e309",
    "NaN",
    "0771234567",
    "853400937v",
    "a@b",
    "../../etc/passwd",
    "ශ්‍රී ලංකා",
    "\ud800",
    "data:image/png;base64,AAAA",
    "data:image/svg+xml;base64,PHN2Zz4=",
  ),
  fc.string({ minLength: 3_000, maxLength: 12_000 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 4 }),
);

/** A JSON object written by hand, so that "__proto__" is a key like any other. */
export const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;

/** The envelope every API error carries. */
export function expectEnvelope(body: string, where: string) {
  let parsed: { error?: { code?: unknown; message?: unknown } } | undefined;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`${where}: not JSON: ${body.slice(0, 200)}`);
  }
  expect(typeof parsed?.error?.code, where).toBe("string");
  expect(typeof parsed?.error?.message, where).toBe("string");
}

/** SPEC §8 has the lead feed say this when lead_id is missing: a warning by design. */
export const EXPECTED_WARNINGS = ["you should pass slParams.lead_id"];

/** No error and no stack trace in the log, and no warning but the expected (a 5xx's request line is one). */
export function expectQuietLog(recorded: { lines: string[] }) {
  const loud = recorded.lines.filter((line) => {
    const entry = JSON.parse(line) as { level: string; message: string };
    return (
      line.includes("stack") ||
      entry.level === "error" ||
      (entry.level === "warn" && !EXPECTED_WARNINGS.includes(entry.message))
    );
  });
  expect(loud.slice(0, 3)).toEqual([]);
  recorded.lines.length = 0;
}

/** Every route server/app.ts answers, with `{}` where a parameter (or a query value) goes. */
export const ROUTES = [
  "/{}",
  "/{}/",
  "/en/{}/",
  "/{}/{}/",
  "/go/{}",
  "/go/{}/",
  "/_build/{}/manifest.json",
  "/_build/latest.json?{}",
  "/reviews/{}/image",
  "/admin/reviews/{}/image",
  "/admin/{}",
  "/admin/sign-in/?next={}&notice={}",
  "/admin/enrol/?token={}",
  "/admin/moderation/?q={}&done={}&count={}",
  "/admin/staff/{}/role",
  "/admin/audit/?actor={}&action={}&from={}&to={}&page={}",
  "/partner/demo/{}",
  "/en/partner/demo/{}",
  "/partner/api.html?{}",
  "/landing/offers/?token={}",
  "/unsubscribe/confirm/{}/",
  "/api/unsubscribe/{}",
  "/api/applications/{}/verification",
  "/api/applications/{}/verification/resend",
  "/api/partner/v1/leads/{}/verification",
  "/api/applications/{}/offers",
  "/api/applications/{}/offers/stream",
  "/api/lenders/v1/{}",
  "/en/landing/offers/?token={}",
  "/lenders/{}/",
  "/lenders/{}/logo",
  "/bank/{}/",
  "/blog/{}/",
  "/blog/tag/{}/",
  "/ta/blog/tag/saving/page-{}/",
  "/assets/{}",
  "/widget/v1/{}",
  "/sitemap.xml?{}",
  "/robots.txt/{}",
  "/healthz?{}",
  "/client-api/page?path={}",
  "/client-api/page?path=/en/{}/",
  "/api/{}",
  "/api/event/{}",
  "/api/feed/{}",
  "/api/feed/config/{}",
  "/api/feed/leads?lead_id={}&page={}",
  "/api/postback?click_id={}&status=approved&token={}",
  "/api/articles/{}/rating",
  "/api/articles/{}/views",
  "/api/push/{}",
  "/api/offers-link?lang={}",
  "/offers-link/sent/?by={}&until={}&error={}",
  "/api/partner/v1/{}",
  "/api/partner/v1/leads/{}",
  "/api/partner/v1/leads/{}/offers?wait={}&lang={}",
  "/api/partner/v1/offers?amount={}&term={}&lang={}",
  "/api/partner/v1/stats?from={}&to={}",
  "/api/partner/v1/openapi.json?{}",
  "/api/partner/v1/reference/{}",
] as const;
