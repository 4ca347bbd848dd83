import { type JsonSchema, jsonSchema } from "../http/json-schema";
import {
  approvedAnswerSchema,
  callbackAnswerSchema,
  DECLINE_REASONS,
  decisionCallbackSchema,
  decisionRequestSchema,
  declinedAnswerSchema,
  IDEMPOTENCY_HEADER,
  LENDER_API_FIELDS,
  pendingAnswerSchema,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  TIMESTAMP_HEADER,
} from "./decision-api";
import { lenderPostbackSchema } from "./postback-api";

/**
 * The decision API's OpenAPI 3.1 document (issue 15), made from the zod
 * schemas the network sends and the callback route parses
 * (decision-api.ts), served at /api/lenders/v1/openapi.json. What we send
 * to a lender is a webhook (OpenAPI 3.1's `webhooks`); what a lender calls
 * on us (the callback, the postback) are paths. docs/lenders.md tells the
 * same in prose, with examples.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });
const errorAnswer = (description: string) => ({ description, content: json("Error") });

const SIGNING = `${TIMESTAMP_HEADER} is the time of signing in Unix seconds; ${SIGNATURE_HEADER} is the lower-case hex HMAC-SHA256 of the timestamp, a full stop and the exact body bytes (\`\${timestamp}.\${body}\`) under your API secret. Refuse a timestamp more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from your clock.`;

const signedHeaders = [
  {
    name: TIMESTAMP_HEADER,
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^\\d{1,12}$" },
    description: "Unix seconds when signed.",
  },
  {
    name: SIGNATURE_HEADER,
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
    description:
      "Hex HMAC-SHA256 of the timestamp, a full stop and the body, under the API secret.",
  },
];

let cached: { key: string; document: JsonSchema } | undefined;

/** The OpenAPI 3.1 document; servers[0] is our public origin's /api/lenders/v1. */
export function lenderDecisionOpenApi(origin: string, deadlineMs: number): JsonSchema {
  const key = `${origin} ${deadlineMs}`;
  if (cached?.key === key) return cached.document;
  const document = {
    openapi: "3.1.0",
    info: {
      title: "NayaCompare decision API for lenders",
      version: "1.0.0",
      description: `How we ask a lender for a decision on a verified application, and how the lender answers. For each application whose phone the applicant has verified, we POST a signed DecisionRequest to every live lender whose products admit its amount, term, age, income and employment (under the lender's daily cap), all in parallel; we wait at most ${deadlineMs} ms from the verification (answerBy). ${SIGNING} Every figure the applicant sees (APR, total, instalments, dates) is computed by us from your terms; your own APR is never shown. Applicant fields you may receive (only those you asked for): ${LENDER_API_FIELDS.join(", ")}.`,
    },
    servers: [{ url: `${origin}/api/lenders/v1` }],
    paths: {
      "/decisions": {
        post: {
          operationId: "postDecision",
          summary: "Your decision on an application you answered pending",
          description: `After answering pending, POST your decision here once made, signed like our requests (with your API secret). Accepted for a decision that is pending, up to 24 hours after answerBy; one after answerBy is recorded too (late: the applicant sees it when the offers page is opened again). Repeating the same decision is harmless (duplicate: true).`,
          parameters: signedHeaders,
          requestBody: { required: true, content: json("DecisionCallback") },
          responses: {
            "200": { description: "Recorded.", content: json("CallbackAnswer") },
            "400": errorAnswer(
              "invalid_json, or invalid_callback (fields names what is wrong: e.g. an offerId that is not yours, an amount above the amount asked, an expiresAt already past, an applyUrl that is not https).",
            ),
            "401": errorAnswer("bad_signature: missing, wrong or stale signature."),
            "404": errorAnswer("unknown_decision: no decision has this decisionId."),
            "409": errorAnswer("already_decided: a different decision was recorded already."),
            "410": errorAnswer("decision_closed: more than 24 hours after answerBy."),
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "getOpenApi",
          summary: "This document",
          responses: { "200": { description: "The OpenAPI 3.1 document." } },
        },
      },
      "/postback": {
        servers: [{ url: `${origin}/api` }],
        post: {
          operationId: "postConversion",
          summary: "What became of an applicant you sent to your apply page",
          description:
            "When an applicant we sent (the click-out fills {click_id} in your applyUrl) is approved, rejected or issued a loan, tell us, once per status. signature is the hex HMAC-SHA256 of `click_id:status:amount` (amount empty when absent) under your API secret; or send the secret itself as token if you can only call a fixed URL. JSON or form body; GET with the same query works too. Idempotent per click and status.",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: ref("Postback") },
              "application/x-www-form-urlencoded": { schema: ref("Postback") },
            },
          },
          responses: {
            "200": { description: "Recorded (duplicate: true when it was already)." },
            "400": errorAnswer("invalid_postback."),
            "401": errorAnswer("bad_signature."),
            "404": errorAnswer("unknown_click."),
          },
        },
      },
    },
    webhooks: {
      decisionRequest: {
        post: {
          operationId: "decide",
          summary: "Our request for your decision (you implement this at your decision URL)",
          description: `Answer within answerBy with HTTP 200 and one of the three answers. We retry with the same body and ${IDEMPOTENCY_HEADER} (the decisionId) only after 408, 409, 425, 429, 500, 502, 503 or 504, while time remains: answer a repeat as the first. A timeout, another status, a connection error or an answer that does not match a schema is recorded as no decision; after several failures in a row we stop asking you for 30 seconds. Fields of an answer we do not know are ignored. Your URL must be https and resolve to public addresses only; redirects are not followed.`,
          parameters: [
            ...signedHeaders,
            {
              name: IDEMPOTENCY_HEADER,
              in: "header",
              required: true,
              schema: { type: "string" },
              description: "The decisionId: the same on every retry.",
            },
          ],
          requestBody: { required: true, content: json("DecisionRequest") },
          responses: {
            "200": {
              description: "Your decision.",
              content: {
                "application/json": {
                  schema: {
                    oneOf: [ref("Approved"), ref("Declined"), ref("Pending")],
                    discriminator: { propertyName: "decision" },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        DecisionRequest: jsonSchema(decisionRequestSchema, "output"),
        Approved: jsonSchema(approvedAnswerSchema, "input"),
        Declined: {
          ...jsonSchema(declinedAnswerSchema, "input"),
          "x-reasons": DECLINE_REASONS,
        },
        Pending: jsonSchema(pendingAnswerSchema, "input"),
        DecisionCallback: jsonSchema(decisionCallbackSchema, "input"),
        CallbackAnswer: jsonSchema(callbackAnswerSchema, "output"),
        Postback: jsonSchema(lenderPostbackSchema, "input"),
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
  cached = { key, document };
  return document;
}
