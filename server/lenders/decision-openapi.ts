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
  SIGNATURE_NEXT_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  TIMESTAMP_HEADER,
} from "./decision-api";
import {
  answerExamples,
  callbackAnswerExample,
  callbackExamples,
  postbackExample,
  requestExample,
} from "./decision-openapi-examples";
import { lenderPostbackSchema } from "./postback-api";

/**
 * The decision API's OpenAPI 3.1 document (issue 15), made from the zod
 * schemas the network sends and the callback route parses
 * (decision-api.ts), served at /api/lenders/v1/openapi.json. What we send
 * to a lender is a webhook (OpenAPI 3.1's `webhooks`); what a lender calls
 * on us (the callback, the postback) are paths. docs/lenders.md tells the
 * same in prose, with the same examples (decision-openapi-examples.ts).
 * The signature is a security scheme (two apiKey headers, the HMAC in their
 * descriptions) and the answers' discriminator maps each `decision` to its
 * schema, so that generated types take every example (decision 0364).
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });
const errorAnswer = (description: string) => ({ description, content: json("Error") });
const withExamples = (name: string, examples: Record<string, unknown>) => ({
  "application/json": { schema: ref(name), examples },
});
const example = (summary: string, value: unknown) => ({ only: { summary, value } });

const SIGNING = `${TIMESTAMP_HEADER} is the time of signing in Unix seconds; ${SIGNATURE_HEADER} is the lower-case hex HMAC-SHA256 of the timestamp, a full stop and the exact body bytes (\`\${timestamp}.\${body}\`) under your API secret. Refuse a timestamp more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from your clock.`;

const signedHeaders = [
  {
    name: TIMESTAMP_HEADER,
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^\\d{1,12}$" },
    description: "Unix seconds when signed (the HmacTimestamp security scheme).",
  },
  {
    name: SIGNATURE_HEADER,
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
    description:
      "Hex HMAC-SHA256 of the timestamp, a full stop and the body, under the API secret (the HmacSignature security scheme).",
  },
];

/** The signature, both ways: both headers on every request (one requirement, both schemes). */
const SIGNED = [{ HmacSignature: [], HmacTimestamp: [] }];

const securitySchemes = {
  HmacSignature: {
    type: "apiKey",
    in: "header",
    name: SIGNATURE_HEADER,
    description: `The request's signature: the lower-case hex HMAC-SHA256, keyed with your API secret (the secret's UTF-8 bytes), of the ${TIMESTAMP_HEADER} header's value, a full stop and the exact body bytes: \`\${timestamp}.\${body}\`. Not a key: it changes with every request. Compare it in constant time.`,
  },
  HmacTimestamp: {
    type: "apiKey",
    in: "header",
    name: TIMESTAMP_HEADER,
    description: `When the request was signed, in Unix seconds; the first part of the string HmacSignature signs. We refuse a callback whose timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from our clock; refuse our requests likewise.`,
  },
  PostbackSignature: {
    type: "apiKey",
    in: "header",
    name: SIGNATURE_HEADER,
    description:
      "The postback's signature: the hex HMAC-SHA256, keyed with your API secret, of `click_id:status:amount` (amount empty when you send none). The same value may come as the body's (or GET query's) `signature` field instead; a lender that can only call a fixed URL sends the secret itself as `token` (see Postback).",
  },
};

/**
 * An approval's applyUrl holds macros ({click_id}, {sub1}…{sub8}) that the click fills in:
 * a URI template (RFC 6570), which JSON Schema's "uri" format would refuse.
 */
function applyUrlAsTemplate(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties?.applyUrl) {
    const applyUrl = { ...properties.applyUrl, format: "uri-template" };
    return { ...schema, properties: { ...properties, applyUrl } };
  }
  const branches = schema.oneOf as JsonSchema[] | undefined;
  return branches ? { ...schema, oneOf: branches.map(applyUrlAsTemplate) } : schema;
}

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
          security: SIGNED,
          parameters: signedHeaders,
          requestBody: {
            required: true,
            content: withExamples("DecisionCallback", callbackExamples),
          },
          responses: {
            "200": {
              description: "Recorded.",
              content: withExamples(
                "CallbackAnswer",
                example("Recorded, first time, in time", callbackAnswerExample),
              ),
            },
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
          description: "Public: no signature.",
          security: [],
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
          security: [{ PostbackSignature: [] }],
          requestBody: {
            required: true,
            content: {
              ...withExamples("Postback", example("A loan issued", postbackExample)),
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
          security: SIGNED,
          parameters: [
            ...signedHeaders,
            {
              name: IDEMPOTENCY_HEADER,
              in: "header",
              required: true,
              schema: { type: "string" },
              description: "The decisionId: the same on every retry.",
            },
            {
              name: SIGNATURE_NEXT_HEADER,
              in: "header",
              required: false,
              schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
              description: `Only during the grace period after you rotated your secret in the lender portal: the same signature under your new secret, while ${SIGNATURE_HEADER} is still under the old one. Accept a request if either matches a secret you hold; after the grace, ${SIGNATURE_HEADER} is under the new secret and this header is gone.`,
            },
          ],
          requestBody: {
            required: true,
            content: withExamples(
              "DecisionRequest",
              example("Age, income and employment asked for", requestExample),
            ),
          },
          responses: {
            "200": {
              description: "Your decision.",
              content: {
                "application/json": {
                  schema: {
                    oneOf: [ref("Approved"), ref("Declined"), ref("Pending")],
                    discriminator: {
                      propertyName: "decision",
                      mapping: {
                        approved: ref("Approved").$ref,
                        declined: ref("Declined").$ref,
                        pending: ref("Pending").$ref,
                      },
                    },
                  },
                  examples: answerExamples,
                },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes,
      schemas: {
        DecisionRequest: jsonSchema(decisionRequestSchema, "output"),
        Approved: applyUrlAsTemplate(jsonSchema(approvedAnswerSchema, "input")),
        Declined: {
          ...jsonSchema(declinedAnswerSchema, "input"),
          "x-reasons": DECLINE_REASONS,
        },
        Pending: jsonSchema(pendingAnswerSchema, "input"),
        DecisionCallback: applyUrlAsTemplate(jsonSchema(decisionCallbackSchema, "input")),
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
