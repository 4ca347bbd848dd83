import { createHmac } from "node:crypto";
import express, { type Request, type Response, Router } from "express";
import { z } from "zod";
import { colomboToday } from "../../core/helpers/dates";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeSchema,
  localizePath,
} from "../../core/locale";
import { clientAddressOf } from "../http/client-address";
import { sendError } from "../http/errors";
import { leadIdOf } from "../http/lead-cookie";
import { parseInput } from "../http/parse";
import { type RateLimitRule, rateLimitCheck, storageRateLimitStore } from "../http/rate-limit";
import { sameSiteForms } from "../http/same-site-forms";
import type { Contact, Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { offersLink } from "./code-sending";
import { LANDING_TOKEN_DAYS } from "./landing-tokens";
import {
  maskEmail,
  maskPhone,
  type OffersLinkContacts,
  offersLinkContacts,
  offersLinkExpiry,
} from "./offers-link";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How often a lead's link may be sent (decision 0205), counted in storage
 * by keyed hashes: per lead (a forwarded link cannot become a spam
 * cannon), per contact (one number or address is not flooded from many
 * leads), per IP address.
 */
export const OFFERS_LINK_LIMITS = {
  perLeadHour: { limit: 5, windowMs: HOUR_MS },
  perLeadDay: { limit: 10, windowMs: 24 * HOUR_MS },
  perContactHour: { limit: 3, windowMs: HOUR_MS },
  perContactDay: { limit: 5, windowMs: 24 * HOUR_MS },
  perIp: { limit: 30, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;
export type OffersLinkLimits = typeof OFFERS_LINK_LIMITS;

/** What the page sends: SMS to the verified number, or e-mail to a typed address or the application's. */
const sendSchema = z.strictObject({
  channel: z.enum(["sms", "email"]),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.email().optional())
    .optional(),
  // A plain form's language field; JSON from the page's script says it in ?lang=.
  locale: localeSchema.optional(),
});
const querySchema = z.object({ lang: localeSchema.optional() });
const INVALID_QUERY = { code: "invalid_query", message: "The query is not valid." };

function notSent(res: Response): void {
  res.setHeader("Retry-After", "60");
  sendError(
    res,
    503,
    "message_not_sent",
    "We could not send the link just now. Please try again in a minute.",
  );
}

interface LimitKeys {
  lead: string;
  contact: string;
  ip: string;
}

/** Where a plain form's answer goes: a page of ours, nothing personal in its address. */
type FormOutcome =
  | { sent: "sms" | "email"; expiresAt: string }
  | { error: "email" | "busy" | "not_sent" | "gone" };

export interface OffersLinkRouterOptions {
  storage: Storage;
  messenger: Messenger;
  /** Read at each request: start.ts learns the port after listening. */
  site: { origin: string };
  clock: () => Date;
  limits?: OffersLinkLimits;
}

/**
 * GET /api/offers-link: what the visitor's own verified lead (the lead
 * cookie, never an id in the request) may send its link to, masked.
 * POST /api/offers-link: sends a new seven-day link to the offers by SMS
 * to the verified number or by e-mail, in the page's language; JSON from
 * the page's script, or a plain form post without it, answered with a 303
 * to /offers-link/sent/. Forms from other sites are refused (Origin), JSON
 * from them needs a preflight we never grant, and the lead cookie is
 * SameSite=Lax besides.
 */
export function offersLinkRouter(options: OffersLinkRouterOptions): Router {
  const { storage, messenger, site, clock, limits = OFFERS_LINK_LIMITS } = options;
  const router = Router();
  const keysOf = (res: Response) => res.locals.offersLinkKeys as LimitKeys;
  const isForm = (req: Request) => typeof req.is("application/x-www-form-urlencoded") === "string";
  const formLocale = (res: Response): Locale => res.locals.formLocale ?? DEFAULT_LOCALE;

  const answerForm = (res: Response, outcome: FormOutcome) => {
    const query =
      "sent" in outcome
        ? { by: outcome.sent, until: colomboToday(new Date(outcome.expiresAt)) }
        : { error: outcome.error };
    res.setHeader("Cache-Control", "no-store");
    res.redirect(
      303,
      `${localizePath(formLocale(res), "/offers-link/sent/")}?${new URLSearchParams(query)}`,
    );
  };
  const maySend = rateLimitCheck({
    store: storageRateLimitStore(storage),
    name: "offers link",
    now: () => clock().getTime(),
    rules: [
      { ...limits.perLeadHour, keyOf: (_req, res) => keysOf(res).lead },
      { ...limits.perLeadDay, keyOf: (_req, res) => keysOf(res).lead },
      { ...limits.perContactHour, keyOf: (_req, res) => keysOf(res).contact },
      { ...limits.perContactDay, keyOf: (_req, res) => keysOf(res).contact },
      { ...limits.perIp, keyOf: (_req, res) => keysOf(res).ip },
    ],
    onLimited: (req, res) =>
      isForm(req)
        ? answerForm(res, { error: "busy" })
        : sendError(res, 429, "too_many_requests", "Too many links asked for; try again later."),
  });
  const noApplication = (req: Request, res: Response) =>
    isForm(req)
      ? answerForm(res, { error: "gone" })
      : sendError(
          res,
          404,
          "no_application",
          "This browser holds no confirmed application whose offers could be sent.",
        );

  router.get("/offers-link", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const leadId = leadIdOf(req);
    const contacts = leadId ? await offersLinkContacts(storage, leadId) : undefined;
    if (!contacts) {
      noApplication(req, res);
      return;
    }
    res.json({
      phone: maskPhone(contacts.phone),
      email: contacts.email ? maskEmail(contacts.email) : null,
      days: LANDING_TOKEN_DAYS,
    });
  });

  router.post(
    "/offers-link",
    sameSiteForms,
    express.json({ limit: "2kb" }),
    express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 4 }),
    async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const form = isForm(req);
      if (form && isLocale(req.body?.locale)) res.locals.formLocale = req.body.locale;
      const query = parseInput(res, querySchema, req.query, INVALID_QUERY);
      if (!query) return;
      // A plain form's mistakes are all about the address it typed: its page says so.
      const body = form
        ? z.safeParse(sendSchema, req.body ?? {}).data
        : parseInput(res, sendSchema, req.body ?? {});
      if (!body) {
        if (form) answerForm(res, { error: "email" });
        return;
      }
      const leadId = leadIdOf(req);
      const contacts = leadId ? await offersLinkContacts(storage, leadId) : undefined;
      if (!leadId || !contacts) {
        noApplication(req, res);
        return;
      }
      const contact = recipientOf(res, form, body, contacts);
      if (!contact) return;
      await countSend(req, res, leadId, contact);
      if (!(await maySend(req, res))) return;
      const at = clock();
      const locale: Locale = body.locale ?? query.lang ?? DEFAULT_LOCALE;
      const { expiresAt, until } = offersLinkExpiry(at);
      try {
        const link = await offersLink(storage, site.origin, leadId, locale, at);
        await messenger.offersLink(contact, link, until, locale);
      } catch {
        // The messenger has logged the transport's reason (never the contact).
        if (form) answerForm(res, { error: "not_sent" });
        else notSent(res);
        return;
      }
      if (form) {
        answerForm(res, { sent: body.channel, expiresAt });
        return;
      }
      res.json({
        channel: body.channel,
        sentTo: contact.kind === "phone" ? maskPhone(contact.value) : maskEmail(contact.value),
        expiresAt,
        until,
      });
    },
  );

  /**
   * Who the link goes to: the verified number, or the typed address, else the
   * application's; undefined once a 400 (or, for a form, its page) has answered.
   */
  const recipientOf = (
    res: Response,
    form: boolean,
    body: z.output<typeof sendSchema>,
    contacts: OffersLinkContacts,
  ): Contact | undefined => {
    if (body.channel === "sms") return { kind: "phone", value: contacts.phone };
    const email = body.email ?? contacts.email ?? undefined;
    if (email) return { kind: "email", value: email };
    if (form) answerForm(res, { error: "email" });
    // The application gave none and none was typed: the schema's own answer names the field.
    else parseInput(res, sendSchema.required({ email: true }), body);
    return undefined;
  };

  /** What the limits count by: keyed hashes, so that their table holds no id, contact or address. */
  const countSend = async (req: Request, res: Response, leadId: string, contact: Contact) => {
    const key = await storage.keys.hashKey();
    const keyed = (value: string) =>
      createHmac("sha256", key).update(`offers-link:${value}`).digest("hex");
    res.locals.offersLinkKeys = {
      lead: keyed(`lead:${leadId}`),
      contact: keyed(`${contact.kind}:${contact.value}`),
      ip: keyed(`ip:${clientAddressOf(req)}`),
    } satisfies LimitKeys;
  };
  return router;
}
