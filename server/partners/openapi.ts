import type { z } from "zod";
import { ACCEPTED_TERM_DAYS } from "../../core/domain/product";
import { applicationSchema } from "../../core/domain/schemas/application";
import { offerCatalogueSchema } from "../../core/domain/schemas/offer";
import { codeBodySchema } from "../../core/domain/schemas/verification";
import { colomboToday } from "../../core/helpers/dates";
import { POSTBACK_MACROS } from "../../core/views/portal/postbacks";
import { type JsonSchema, jsonSchema } from "../http/json-schema";
import {
  errorResponseSchema,
  leadCreatedSchema,
  leadIdSchema,
  leadOffersQuerySchema,
  leadOffersSchema,
  leadStatusSchema,
  leadsQuerySchema,
  leadVerifiedSchema,
  MAX_STATS_DAYS,
  MAX_WAIT_SECONDS,
  offersQuerySchema,
  offersResponseSchema,
  resendAnswerSchema,
  statsQuerySchema,
  statsResponseSchema,
} from "./api-schemas";

/**
 * The partner API's OpenAPI 3.1 document, generated from the zod schemas
 * the routes parse and answer with (z.toJSONSchema, JSON Schema 2020-12,
 * which OpenAPI 3.1 uses as it is), and a reference page written from that
 * document, so that the page, the document and the code cannot disagree.
 * The reference is in English only: it is read by developers, the API's
 * codes and messages are English, and a Sinhala copy would drift.
 *
 * The public feed (`/api/feed/…`, server/offers/feed-routes.ts) is in the
 * same document (issue 18, decision 0247): its paths carry their own
 * server (`/api`) and the publishable key as their security, optional,
 * in the header or the query, and checked against the partner's origins.
 */

/** The application as partners send it: what the schema's checks say beyond JSON Schema. */
function applicationJsonSchema(): JsonSchema {
  const schema = jsonSchema(applicationSchema(colomboToday(new Date())), "input");
  const properties = schema.properties as Record<string, JsonSchema>;
  const describe = (field: string, extra: JsonSchema) => {
    properties[field] = { ...properties[field], ...extra };
  };
  describe("amount", { description: "Loan amount in whole rupees." });
  describe("term", {
    enum: ACCEPTED_TERM_DAYS,
    description:
      "Term in days: 61–120 (one repayment), or 150, 180 … 360 (monthly instalments). The calculator offers 61, 75, 90, 120, 180, 270 and 360.",
  });
  describe("fullName", { description: "As on the NIC; letters of any script." });
  describe("nic", {
    description: "Old (9 digits and V or X) or new (12 digits) NIC; must match birthDate.",
  });
  describe("birthDate", {
    format: "date",
    description: "YYYY-MM-DD; the applicant must be 18 to 70 today in Colombo.",
  });
  describe("phone", { description: "A Sri Lankan mobile number (07X XXX XXXX or +947…)." });
  describe("email", { format: "email" });
  describe("monthlyIncome", { description: "Whole rupees a month." });
  describe("consents", {
    description:
      "The visitor's own consents, given on your page: terms and sharing with lenders are required.",
  });
  describe("partner", { description: "Your partner id, or left out: it is set from your key." });
  for (let index = 1; index <= 8; index += 1) {
    describe(`sub${index}`, { description: "Your own tracking code (not personal data)." });
  }
  return schema;
}

function queryParameters(schema: z.core.$ZodType): JsonSchema[] {
  const json = jsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: required.has(name) && !("default" in property),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });
const errorAnswer = (description: string) => ({ description, content: json("Error") });

const COMMON_ERRORS = {
  "401": errorAnswer("missing_key or invalid_key: no secret key, or not a valid one."),
  "403": errorAnswer("origin_not_allowed: sent by a browser from an origin you did not register."),
  "429": {
    ...errorAnswer("too_many_requests: over your rate limit; wait Retry-After seconds."),
    headers: {
      "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." },
    },
  },
};

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { schema: { type: "integer" }, description: "Requests allowed a window." },
  "RateLimit-Remaining": { schema: { type: "integer" }, description: "Requests left." },
  "RateLimit-Reset": { schema: { type: "integer" }, description: "Seconds until the window ends." },
  "RateLimit-Policy": { schema: { type: "string" }, description: 'e.g. "120;w=60".' },
};

const leadIdParameter = {
  name: "id",
  in: "path",
  required: true,
  description: leadIdSchema.description,
  schema: jsonSchema(leadIdSchema, "input"),
};

/** The feed config names the router takes: a country code, or a country and a language. */
export const FEED_CONFIG_NAME_PATTERN = "^[a-z]{2}(_[a-z]{2})?$";

const PUBLISHABLE_KEY_ERRORS = {
  "401": errorAnswer("invalid_key: a publishable key was sent and it is not a valid one."),
  "403": errorAnswer(
    "origin_not_allowed: a publishable key was sent without an Origin header, or from an origin the partner did not register.",
  ),
};

const CORS_OPEN = {
  "Access-Control-Allow-Origin": {
    schema: { type: "string", const: "*" },
    description: "Any page may read the answer.",
  },
};

/** The feed's operations: their own server (/api), the publishable key optional. */
function feedPaths(origin: string) {
  const servers = [{ url: `${origin}/api`, description: "The public feed" }];
  // Either way of sending the key, or none: {} makes the key optional.
  const security = [{}, { publishableKey: [] }, { publishableKeyQuery: [] }];
  const offersAnswer = (description: string, more: Record<string, unknown> = {}) => ({
    description,
    headers: {
      ...CORS_OPEN,
      "Cache-Control": {
        schema: { type: "string", const: "public, max-age=300" },
        description: "Five minutes.",
      },
      ...more,
    },
    content: json("FeedOffers"),
  });
  return {
    "/feed/config": {
      servers,
      get: {
        operationId: "getOwnFeedConfig",
        summary: "Every offer of this site's feed config, ranked",
        description:
          "The feed config of the country this site serves, named by SPEC §7's rule (the lowercased country code; kz_ru for Kazakhstan; ua_ua for Ukraine, ua_ru only by name), ranked as GET /feed/config/{name} ranks. What the widget loads: you need not know the name. With your publishable key, the request must come from one of your registered origins.",
        security,
        responses: {
          "200": offersAnswer("The offers, ranked.", {
            "Content-Location": {
              schema: { type: "string", examples: ["/api/feed/config/lk"] },
              description: "The named config served.",
            },
          }),
          ...PUBLISHABLE_KEY_ERRORS,
        },
      },
    },
    "/feed/config/{name}": {
      servers,
      get: {
        operationId: "getFeedConfig",
        summary: "Every offer of a feed config, ranked",
        description:
          "The offers of one feed config (named after the lowercased country code: lk; kz_ru, ua_ru and ua_ua), every one, ranked for the calculator's default loan: first those that lend it, by the total to pay, then the others. The configs of the country this site serves list its lenders; another country's (ro, co, mx, es, pl, kz_ru, vn, ph, ua_ru, ua_ua, za) is an empty list: no lender of that country is listed here. Public, CORS-open, cached for five minutes. With your publishable key, the request must come from one of your registered origins (the browser's Origin header).",
        security,
        parameters: [
          {
            name: "name",
            in: "path",
            required: true,
            description: "The feed config's name, e.g. lk.",
            schema: { type: "string", pattern: FEED_CONFIG_NAME_PATTERN },
          },
        ],
        responses: {
          "200": offersAnswer("The offers, ranked; an empty list for another country's config."),
          "404": errorAnswer("unknown_feed_config: there is no feed config of this name."),
          ...PUBLISHABLE_KEY_ERRORS,
        },
      },
    },
    "/feed/leads": {
      servers,
      get: {
        operationId: "getLeadFeed",
        summary: "The offers active for a lead",
        description:
          "The ids of the offers active for a lead (SPEC §7), a JSON array; nothing about the person. Other query parameters (page=all, direction=swap, pf=1) are accepted and change nothing. With your publishable key, the request must come from one of your registered origins.",
        security,
        parameters: [
          {
            name: "lead_id",
            in: "query",
            required: true,
            description: "The lead's id, as POST /leads or the widget gave it.",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": {
            description: "The ids of the lead's offers.",
            headers: {
              ...CORS_OPEN,
              "Cache-Control": { schema: { type: "string", const: "no-store" } },
            },
            content: json("FeedOfferIds"),
          },
          "400": errorAnswer("missing_lead_id: you should pass slParams.lead_id."),
          "404": errorAnswer("unknown_lead: there is no lead with this id."),
          ...PUBLISHABLE_KEY_ERRORS,
        },
      },
    },
    "/approval-odds": {
      servers,
      get: {
        operationId: "getApprovalOdds",
        summary: "Each lender's approval odds for a loan's and an income's bands",
        description:
          "Each lender's share of pre-approvals among its answered decisions of the last 90 days for applicants of these bands, in tenths with words and its basis (decision 0449; the method: /approval-odds/). Bands only, never an amount or an income; a lender with fewer than 30 answers is absent. What the widget asks when the page gives income-band. No key needed.",
        security: [{}],
        parameters: [
          [
            "amount_band",
            "Amount band, 0–4: below Rs. 50,000, 100,000, 250,000, 500,000, or more.",
            4,
          ],
          ["term_band", "Term band, 0–3: below 92, 183, 366 days, or more.", 3],
          [
            "income_band",
            "Monthly income band, 0–3: below Rs. 50,000, 100,000, 200,000, or more.",
            3,
          ],
        ].map(([name, description, maximum]) => ({
          name,
          in: "query",
          required: name !== "income_band",
          description,
          schema: { type: "integer", minimum: 0, maximum },
        })),
        responses: {
          "200": {
            description: "The odds of the lenders that have them.",
            headers: {
              ...CORS_OPEN,
              "Cache-Control": {
                schema: { type: "string", const: "public, max-age=3600" },
                description: "An hour: the counts change once a day.",
              },
            },
            content: json("ApprovalOdds"),
          },
          "400": errorAnswer("invalid_band: a band is missing, repeated or out of its range."),
        },
      },
    },
  };
}

let cached: { origin: string; document: JsonSchema } | undefined;

/** The OpenAPI 3.1 document; servers[0] is our public origin. */
export function partnerOpenApi(origin: string): JsonSchema {
  if (cached?.origin === origin) return cached.document;
  const document = {
    openapi: "3.1.0",
    info: {
      title: "NayaCompare partner API",
      version: "1.0.0",
      description:
        "Loan offers, applications, lead statuses and statistics for our affiliates, with your secret key from your server; and the public feed the widget reads (/api/feed/…), with your publishable key from your pages. Figures are computed from each lender's terms; no answer carries an applicant's personal data.",
    },
    servers: [{ url: `${origin}/api/partner/v1` }],
    security: [{ secretKey: [] }],
    paths: {
      "/offers": {
        get: {
          operationId: "listOffers",
          summary: "Offers for an amount, term and language",
          description:
            "The offers that lend this amount for this term, ranked as on our site, each with its APR, total and return date computed from the lender's terms from today (Colombo), and an application link attributed to you.",
          parameters: queryParameters(offersQuerySchema),
          responses: {
            "200": {
              description: "The ranked offers.",
              headers: RATE_LIMIT_HEADERS,
              content: json("Offers"),
            },
            "400": errorAnswer("invalid_query: fields names what is wrong."),
            ...COMMON_ERRORS,
          },
        },
      },
      "/leads": {
        post: {
          operationId: "createLead",
          summary: "Submit an application for a visitor who consented",
          description:
            "The same application, checks and messages as our own form. The answer is always 201 with a new, unverified lead, whether or not the applicant applied before, and we send a six-digit code by SMS to the applicant's phone, in the language asked. Ask your visitor for it on your page and post it to /leads/{id}/verification: until then nothing of the lead goes to a lender, it earns nothing, it counts in no statistics, and it is deleted after 24 hours. Codes sent are limited per phone (5 an hour, 10 a day) and per partner.",
          parameters: queryParameters(leadsQuerySchema),
          requestBody: { required: true, content: json("Application") },
          responses: {
            "201": {
              description: "A new, unverified lead; the code is on its way.",
              content: json("LeadCreated"),
            },
            "400": errorAnswer("invalid_application: fields names each field at fault."),
            "413": errorAnswer("body_too_large: over 8 KB."),
            "503": errorAnswer(
              "message_not_sent: the SMS could not be sent; nothing was stored, try again in a minute.",
            ),
            ...COMMON_ERRORS,
          },
        },
      },
      "/leads/{id}/verification": {
        post: {
          operationId: "verifyLead",
          summary: "Enter the code the applicant typed on your page",
          description:
            "Verifies the lead with the applicant's code: 5 tries per code, each code valid for 10 minutes. Answers the matched offers and offersUrl, an opaque link to them (valid 7 days) to send your visitor to. duplicate is true when the applicant had applied and verified within 24 hours (through us or anyone): their earlier application stands and this lead is not a new one. Only the partner that made a lead can verify it.",
          parameters: [leadIdParameter, ...queryParameters(leadsQuerySchema)],
          requestBody: { required: true, content: json("Code") },
          responses: {
            "200": { description: "The lead is verified.", content: json("LeadVerified") },
            "400": errorAnswer(
              "wrong_code (verification.triesLeft says how many tries are left) or invalid_body (not six digits).",
            ),
            "404": errorAnswer("unknown_lead: no lead of yours waits for a code under this id."),
            "409": errorAnswer("already_verified: see GET /leads/{id}."),
            "410": errorAnswer(
              "code_expired or too_many_tries: ask for a new code (POST /leads/{id}/verification/resend).",
            ),
            ...COMMON_ERRORS,
          },
        },
      },
      "/leads/{id}/verification/resend": {
        post: {
          operationId: "resendLeadCode",
          summary: "Send the applicant a new code",
          description:
            "A new code replaces the last one, in the language the lead was made in. Allowed from verification.resendAt on: 30 seconds after the first code, then 60, 120 … up to 10 minutes. No body, or {}.",
          parameters: [leadIdParameter],
          responses: {
            "200": { description: "A new code is on its way.", content: json("Resent") },
            "404": errorAnswer("unknown_lead: no lead of yours waits for a code under this id."),
            "409": errorAnswer("already_verified."),
            "429": {
              ...errorAnswer(
                "resend_too_soon (verification.resendAt says from when), or too_many_requests (a send limit of the phone or of your account).",
              ),
              headers: {
                "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." },
              },
            },
            "503": errorAnswer("message_not_sent: the SMS could not be sent; try again."),
            "401": COMMON_ERRORS["401"],
            "403": COMMON_ERRORS["403"],
          },
        },
      },
      "/leads/{id}": {
        get: {
          operationId: "getLead",
          summary: "A lead's status",
          description:
            "Whether the applicant has entered the code (verified), and the status: new (no offer matched), matched, clicked (the visitor went to a lender), approved, rejected or issued (as lenders report). Without personal data; offerIds stays empty until the lead is verified.",
          parameters: [leadIdParameter],
          responses: {
            "200": { description: "The lead.", content: json("Lead") },
            "404": errorAnswer("unknown_lead: no lead of yours has this id."),
            ...COMMON_ERRORS,
          },
        },
      },
      "/leads/{id}/offers": {
        get: {
          operationId: "getLeadOffers",
          summary: "A lead's real-time decisions and ranked offers, waiting for them if asked",
          description: `Once the applicant's code is verified, we ask the lenders that decide in real time, and they answer within a few seconds (the decisions' deadline). This answers the decisions so far (each lender asked, by name in the language asked, and its status: waiting, approved, declined, pending or failed; never why) and the lead's offers ranked as our site lists them: pre-approvals in force with their own amount, term and expiry, then the offers matched by their criteria; a lender that declined or failed is never listed. With wait=SECONDS (up to ${MAX_WAIT_SECONDS}) one call answers as soon as the decisions are complete, or when the wait or the deadline ends, whichever is first; without it, at once. The offers are the same list, in the same order, as GET /leads/{id}'s offerIds. Until the lead is verified: verified false, decisions null, offers empty. A lead that repeats the applicant's application of the last day (duplicate) answers that application's loan, decisions and offers. You may also be told when the decisions are complete: the offersReady postback.`,
          parameters: [leadIdParameter, ...queryParameters(leadOffersQuerySchema)],
          responses: {
            "200": {
              description: "The lead's decisions and offers.",
              headers: RATE_LIMIT_HEADERS,
              content: json("LeadOffers"),
            },
            "400": errorAnswer("invalid_query: fields names what is wrong (lang, wait)."),
            "404": errorAnswer("unknown_lead: no lead of yours has this id."),
            ...COMMON_ERRORS,
          },
        },
      },
      "/stats": {
        get: {
          operationId: "getStats",
          summary: "Leads, clicks, approvals and payouts by day",
          description: `Per Colombo day from \`from\` to \`to\` (at most ${MAX_STATS_DAYS} days), every day listed. Approvals, sales and payouts count on the day the lender reported them, from the same records as your postbacks.`,
          parameters: queryParameters(statsQuerySchema),
          responses: {
            "200": { description: "The days and their totals.", content: json("Stats") },
            "400": errorAnswer("invalid_query: fields names what is wrong."),
            ...COMMON_ERRORS,
          },
        },
      },
      ...feedPaths(origin),
    },
    webhooks: {
      leadStatus: {
        get: {
          summary: "Our postback to you when a lender reports on one of your leads",
          description: `A GET of your postback URL template with its macros filled in and URL-encoded: ${POSTBACK_MACROS.map((macro) => `{${macro}}`).join(", ")}. X-Signature is the hex HMAC-SHA256 of the exact URL requested (scheme, host, path and query, as sent) under your postback secret (whsec_…). Answer 2xx once you have it; anything else, or no answer in 10 seconds, is retried with growing delays. One postback per click and status. Your postback URL must be https, with the macros in its path and query, and its host must resolve to public internet addresses only (never loopback, private, link-local, carrier-grade NAT or other reserved ranges): we check it when it is saved and again before every postback, connect to the address we checked, and do not follow redirects.`,
          parameters: [
            {
              name: "X-Signature",
              in: "header",
              required: true,
              schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
            },
            {
              name: "X-Postback-Id",
              in: "header",
              required: true,
              description: "click_id:status, the same on every retry of one postback.",
              schema: { type: "string" },
            },
            {
              name: "X-Postback-Test",
              in: "header",
              required: false,
              description:
                "1 on a test the partner portal sends on request (its click id starts with test_): never counted, paid or retried.",
              schema: { type: "string", enum: ["1"] },
            },
          ],
          responses: { "200": { description: "Received." } },
        },
      },
      offersReady: {
        get: {
          summary: "Our postback to you when a lead's lenders' decisions are complete",
          description:
            "If you turn it on (the partner portal's Postbacks page, or npm run partner -- update ID --offers-ready), a GET of the same postback URL template, once per lead you sent through POST /leads and verified since, as soon as its lenders' decisions are complete (every lender asked has answered, or the deadline has passed): {lead_id} is the lead, {status} is offers_ready, every other macro ({click_id}, {sub1}…{sub5}, {payout}) is empty. Then read GET /leads/{id}/offers. Signed and retried exactly as the lead status postback (X-Signature, the same rules for your URL); it is not a click's status: it counts in no statistics, statement or payout.",
          parameters: [
            {
              name: "X-Signature",
              in: "header",
              required: true,
              description:
                "Hex HMAC-SHA256 of the exact URL requested, under your postback secret.",
              schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
            },
            {
              name: "X-Postback-Id",
              in: "header",
              required: true,
              description: "lead_id:offers_ready, the same on every retry.",
              schema: { type: "string" },
            },
          ],
          responses: { "200": { description: "Received." } },
        },
      },
    },
    components: {
      securitySchemes: {
        secretKey: {
          type: "http",
          scheme: "bearer",
          description: "Your secret key, sk_…, from your server only.",
        },
        publishableKey: {
          type: "apiKey",
          in: "header",
          name: "X-Publishable-Key",
          description:
            "Your publishable key, pk_…, for the feed from your pages: public by design, and accepted only with an Origin header naming one of your registered origins (403 otherwise). Sending none is allowed.",
        },
        publishableKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "key",
          description:
            "The same publishable key in the query (?key=pk_…), for requests that cannot set a header; the same origin rule.",
        },
      },
      schemas: {
        Application: applicationJsonSchema(),
        Offers: jsonSchema(offersResponseSchema, "output"),
        LeadCreated: jsonSchema(leadCreatedSchema, "output"),
        Code: jsonSchema(codeBodySchema, "input"),
        LeadVerified: jsonSchema(leadVerifiedSchema, "output"),
        Resent: jsonSchema(resendAnswerSchema, "output"),
        Lead: jsonSchema(leadStatusSchema, "output"),
        LeadOffers: jsonSchema(leadOffersSchema, "output"),
        Stats: jsonSchema(statsResponseSchema, "output"),
        Error: jsonSchema(errorResponseSchema, "output"),
        FeedOffers: jsonSchema(offerCatalogueSchema, "output"),
        FeedOfferIds: { type: "array", items: { type: "integer" } },
        ApprovalOdds: {
          type: "object",
          required: ["windowDays", "lenders"],
          properties: {
            windowDays: { type: "integer", const: 90 },
            lenders: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["inTen", "likelihood", "basis"],
                properties: {
                  inTen: { type: "integer", minimum: 1, maximum: 9 },
                  likelihood: { type: "string", enum: ["likely", "possible", "unlikely"] },
                  basis: { type: "integer", minimum: 30 },
                },
              },
            },
          },
        },
      },
    },
  };
  cached = { origin, document };
  return document;
}
