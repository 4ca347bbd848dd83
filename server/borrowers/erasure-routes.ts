import { createHmac } from "node:crypto";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import {
  confirmPath,
  ERASURE_CODE,
  type ErasureKind,
  isErasureRequestId,
} from "../../core/domain/erasure-code";
import {
  UNSUBSCRIBE_ERRORS,
  type UnsubscribeConfirmation,
  type UnsubscribeRequest,
  unsubscribeConfirmSchema,
  unsubscribeRequestSchema,
} from "../../core/domain/schemas/unsubscribe";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../core/locale";
import { clientAddressOf } from "../http/client-address";
import { sendError } from "../http/errors";
import { clearLeadCookie } from "../http/lead-cookie";
import { parseInput } from "../http/parse";
import { type KeyedRule, type RateLimitStore, rateLimitCheck } from "../http/rate-limit";
import { sameSiteForms } from "../http/same-site-forms";
import type { Messenger } from "../messaging/messenger";
import { MessageError } from "../messaging/transports";
import type { Storage } from "../storage/database";
import type { ErasedContacts, ErasureStep } from "../storage/erasure-steps";
import {
  confirmErasure,
  ERASURE_LIMIT_NAMES,
  openErasureRequest,
  sweepErasureRequests,
} from "./erasure-requests";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Sending a code costs money and lets anyone prod a contact: limited per IP
 * and per contact, in storage so that every instance counts together
 * (decision 0090). A contact is counted under a keyed hash, never as itself.
 */
const SEND_LIMITS = {
  perIp: { limit: 20, windowMs: HOUR_MS },
  perContactHour: { limit: 3, windowMs: HOUR_MS },
  perContactDay: { limit: 6, windowMs: 24 * HOUR_MS },
} as const;
/** Codes tried per IP, across requests (each request also allows ERASURE_CODE.tries). */
const CONFIRM_LIMIT = { limit: 30, windowMs: 10 * MINUTE_MS } as const;

export interface UnsubscribeDependencies {
  storage: Storage;
  messenger: Messenger;
  /** Where the limits count: storage shared by every instance. */
  limits: RateLimitStore;
  /** The local outbox, whose messages to an erased contact go too. */
  outboxDir?: string | undefined;
  /** Every feature's step of an erasure (server/erasure.ts, decision 0391). */
  erasureSteps: readonly ErasureStep[];
  now?: () => Date;
}

/** What a form post (the page without its script) carries besides the schema's fields. */
interface FormPost {
  locale: Locale;
  /** The contacts the code step was asking codes for (its `to` field), to come back to it. */
  to: ErasureKind[];
}

function kindsOf(param: unknown): ErasureKind[] {
  if (param === "email" || param === "phone") return [param];
  return ["email", "phone"];
}

/**
 * POST /api/unsubscribe and POST /api/unsubscribe/confirm (issue 14): a
 * deletion request sends a code to each contact it names, whether or not we
 * hold anything for it, and answers 202 { requestId } all the same; a code
 * then erases its contact. JSON from the page's script (and from anyone), or
 * plain form posts when the script has not run: those are answered with
 * redirects to the page's steps, the request id (opaque) in the address,
 * never a contact. Both commit before they answer.
 */
export function unsubscribeRouter({
  storage,
  messenger,
  limits,
  outboxDir,
  erasureSteps,
  now = () => new Date(),
}: UnsubscribeDependencies): Router {
  const router = Router();
  const parsers = [
    sameSiteForms,
    express.json({ limit: "4kb" }),
    express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 6 }),
    formFields,
  ];
  const form = (res: Response): FormPost | undefined => res.locals.form;
  const waitMinutes = (seconds: number) => String(Math.max(1, Math.ceil(seconds / 60)));

  /** What the limits count by, as keyed hashes (limitKeys): never an address or a contact. */
  const limitKey =
    (name: "ip" | ErasureKind): KeyedRule["keyOf"] =>
    (_req, res) =>
      (res.locals.limitKeys as LimitKeys)[name];
  const hashLimitKeys = async (req: Request, res: Response, contacts: ErasedContacts) => {
    const key = await storage.keys.hashKey();
    const keys: LimitKeys = { ip: keyedHash(key, "ip", clientAddressOf(req)) };
    for (const kind of ["email", "phone"] as const) {
      const value = contacts[kind];
      if (value !== undefined) keys[kind] = keyedHash(key, kind, value);
    }
    res.locals.limitKeys = keys;
  };
  const sendLimit = rateLimitCheck({
    store: limits,
    name: ERASURE_LIMIT_NAMES.send,
    now: () => now().getTime(),
    rules: [
      { ...SEND_LIMITS.perIp, keyOf: limitKey("ip") },
      { ...SEND_LIMITS.perContactHour, keyOf: limitKey("email") },
      { ...SEND_LIMITS.perContactDay, keyOf: limitKey("email") },
      { ...SEND_LIMITS.perContactHour, keyOf: limitKey("phone") },
      { ...SEND_LIMITS.perContactDay, keyOf: limitKey("phone") },
    ],
    onLimited: (_req, res, seconds) =>
      form(res)
        ? redirect(res, "/unsubscribe/", { error: "busy", wait: waitMinutes(seconds) })
        : sendError(res, 429, "too_many_requests", "Too many codes asked for; try again later."),
  });

  router.post("/unsubscribe", ...parsers, async (req, res) => {
    const request = parseRequest(req, res);
    if (!request) return;
    await hashLimitKeys(req, res, request);
    if (!(await sendLimit(req, res))) return;
    const at = now();
    await sweepErasureRequests(storage, at);
    const { requestId, codes } = await openErasureRequest(storage, request, at);
    const locale = request.locale ?? form(res)?.locale ?? DEFAULT_LOCALE;
    try {
      await Promise.all(
        codes.map(({ kind, contact, code }) =>
          messenger.erasureCode({ kind, value: contact }, code, ERASURE_CODE.minutes, locale),
        ),
      );
    } catch (error) {
      if (!(error instanceof MessageError)) throw error;
      if (form(res)) redirect(res, "/unsubscribe/", { error: "send" });
      else
        sendError(res, 503, "message_not_sent", "We could not send the code; try again shortly.");
      return;
    }
    if (form(res)) {
      redirect(
        res,
        confirmPath(
          requestId,
          codes.map((sent) => sent.kind),
        ),
        {},
      );
      return;
    }
    res.status(202).json({ requestId });
  });

  const confirmLimit = rateLimitCheck({
    store: limits,
    name: ERASURE_LIMIT_NAMES.confirm,
    now: () => now().getTime(),
    rules: [{ ...CONFIRM_LIMIT, keyOf: limitKey("ip") }],
    onLimited: (req, res, seconds) => {
      const post = form(res);
      if (!post) {
        sendError(res, 429, "too_many_requests", "Too many codes tried; try again later.");
        return;
      }
      const request = String((req.body as Record<string, unknown>).requestId ?? "");
      if (!isErasureRequestId(request)) redirect(res, "/unsubscribe/", { error: "expired" });
      else
        redirect(res, confirmPath(request, post.to), {
          error: "busy",
          wait: waitMinutes(seconds),
        });
    },
  });

  router.post("/unsubscribe/confirm", ...parsers, async (req, res) => {
    const confirmation = parseConfirmation(req, res);
    if (!confirmation) return;
    await hashLimitKeys(req, res, {});
    if (!(await confirmLimit(req, res))) return;
    const { requestId, code } = confirmation;
    const outcome = await confirmErasure(storage, requestId, code, {
      now: now(),
      outboxDir,
      steps: erasureSteps,
    });
    const post = form(res);
    switch (outcome.kind) {
      case "erased":
        // This browser's link to its application goes too (whoever's contact it was).
        clearLeadCookie(req, res);
        if (!post) res.json({ erased: outcome.erased, waiting: outcome.waiting });
        else if (outcome.waiting.length === 0) redirect(res, "/unsubscribe/done/", {});
        else redirect(res, confirmPath(requestId, outcome.waiting), { done: outcome.erased });
        return;
      case "wrong_code":
        if (post) {
          redirect(res, confirmPath(requestId, outcome.waiting), {
            error: "wrong",
            tries: String(outcome.triesLeft),
          });
        } else {
          sendError(
            res,
            400,
            "wrong_code",
            `That code is not right; ${outcome.triesLeft} tries left.`,
            { code: UNSUBSCRIBE_ERRORS.wrongCode },
            { triesLeft: outcome.triesLeft },
          );
        }
        return;
      case "too_many_tries":
        if (post) redirect(res, "/unsubscribe/", { error: "tries" });
        else sendError(res, 410, "too_many_tries", "Too many wrong codes; ask for a new one.");
        return;
      case "expired":
        if (post) redirect(res, "/unsubscribe/", { error: "expired" });
        else sendError(res, 410, "code_expired", "The code has expired; ask for a new one.");
        return;
    }
  });
  return router;
}

/** The first step's input, or undefined once answered (400, or the form page with its problem). */
function parseRequest(req: Request, res: Response): UnsubscribeRequest | undefined {
  const post: FormPost | undefined = res.locals.form;
  if (!post) return parseInput(res, unsubscribeRequestSchema, req.body);
  const result = unsubscribeRequestSchema.safeParse({ ...req.body, locale: post.locale });
  if (result.success) return result.data;
  // The page shows its problem; the contact is not repeated in the address.
  const messages = result.error.issues.map((issue) => issue.message);
  const problem = messages.includes(UNSUBSCRIBE_ERRORS.missing)
    ? "missing"
    : messages.includes(UNSUBSCRIBE_ERRORS.email)
      ? "email"
      : "phone";
  redirect(res, "/unsubscribe/", { error: problem });
  return undefined;
}

/** The second step's input, or undefined once answered. */
function parseConfirmation(req: Request, res: Response): UnsubscribeConfirmation | undefined {
  const post: FormPost | undefined = res.locals.form;
  if (!post) return parseInput(res, unsubscribeConfirmSchema, req.body);
  const result = unsubscribeConfirmSchema.safeParse(req.body);
  if (result.success) return result.data;
  const request = (req.body as Record<string, unknown>).requestId;
  if (!isErasureRequestId(request)) redirect(res, "/unsubscribe/", { error: "expired" });
  else redirect(res, confirmPath(request, post.to), { error: "code" });
  return undefined;
}

/** A form post's answer: a page of the unsubscribe steps in the form's language. */
function redirect(res: Response, path: string, query: Record<string, string>): void {
  const locale = (res.locals.form as FormPost | undefined)?.locale ?? DEFAULT_LOCALE;
  const search = new URLSearchParams(query).toString();
  res.redirect(303, `${localizePath(locale, path)}${search ? `?${search}` : ""}`);
}

/** The keys the limits count by: keyed hashes of the IP address and of each contact. */
type LimitKeys = { ip: string } & Partial<Record<ErasureKind, string>>;

/**
 * An IP address or a contact as the limits store it (in storage, for a day at most): a
 * keyed hash, apart from the suppressions' hashes, so that neither is written down.
 */
function keyedHash(key: string, kind: "ip" | ErasureKind, value: string): string {
  return createHmac("sha256", key).update(`rate-limit:${kind}:${value}`).digest("hex");
}

/**
 * A form post carries its page's language (and, from the code step, which
 * codes the page asked for); the schemas themselves know neither.
 */
const formFields: RequestHandler = (req, res, next) => {
  if (req.is("application/x-www-form-urlencoded")) {
    const { locale, to, ...fields } = req.body as Record<string, unknown>;
    const post: FormPost = { locale: isLocale(locale) ? locale : DEFAULT_LOCALE, to: kindsOf(to) };
    res.locals.form = post;
    req.body = fields;
  }
  next();
};
