import express, { type RequestHandler, Router } from "express";
import { isLocale, localizePath } from "../../core/locale";
import {
  UNSUBSCRIBE_ERRORS,
  type UnsubscribeRequest,
  unsubscribeRequestSchema,
} from "../../core/schemas/unsubscribe";
import { sendError } from "../http/errors";
import { clearLeadCookie } from "../http/lead-cookie";
import { validateBody } from "../http/parse";
import type { Messenger } from "../messaging/messenger";
import type { Storage } from "../storage/database";
import { eraseContact } from "./erasure";

/**
 * POST /api/unsubscribe: the personal-data deletion request, committed
 * before it answers. JSON from the page's script (and from anyone), or a
 * plain form post when the page's script has not run: that one is answered
 * with a redirect to the confirmation page, never with the contact in a URL.
 */
export function unsubscribeRouter({
  storage,
  outboxDir,
}: {
  storage: Storage;
  messenger: Messenger;
  outboxDir?: string | undefined;
}): Router {
  const router = Router();
  router.post(
    "/unsubscribe",
    sameSiteForms,
    express.json({ limit: "4kb" }),
    express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 5 }),
    (req, res, next) => {
      // A form post carries its page's language; the schema itself knows only contacts.
      if (req.is("application/x-www-form-urlencoded")) {
        const { locale, ...contacts } = req.body as Record<string, unknown>;
        res.locals.formLocale = isLocale(locale) ? locale : "si";
        req.body = contacts;
      }
      next();
    },
    (req, res, next) => {
      // A form post without the page's script gets its page back with the problem,
      // not a JSON envelope; the contact is not repeated in the address.
      if (!res.locals.formLocale) {
        next();
        return;
      }
      const result = unsubscribeRequestSchema.safeParse(req.body);
      if (result.success) {
        next();
        return;
      }
      const messages = result.error.issues.map((issue) => issue.message);
      const problem = messages.includes(UNSUBSCRIBE_ERRORS.missing)
        ? "missing"
        : messages.includes(UNSUBSCRIBE_ERRORS.email)
          ? "email"
          : "phone";
      res.redirect(303, `${localizePath(res.locals.formLocale, "/unsubscribe/")}?error=${problem}`);
    },
    validateBody(unsubscribeRequestSchema),
    async (req, res) => {
      const outcome = await eraseContact(storage, res.locals.body as UnsubscribeRequest, {
        outboxDir,
      });
      // This browser's link to its application goes too (whoever's contact it was).
      clearLeadCookie(req, res);
      if (res.locals.formLocale) {
        res.redirect(303, localizePath(res.locals.formLocale, "/unsubscribe/done/"));
        return;
      }
      // Never how many records there were: that would tell anyone who types a
      // number whether its owner applied for a loan. The audit keeps the count.
      res.json({ done: true, suppressed: outcome.suppressed });
    },
  );
  return router;
}

/**
 * A plain form post from another site (a forged request erasing someone's
 * data) is refused: browsers send Origin with every POST. JSON from other
 * sites cannot arrive without a CORS preflight, which we do not grant.
 */
const sameSiteForms: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (req.is("application/x-www-form-urlencoded") && origin !== undefined) {
    const host = req.headers.host;
    let sameOrigin = false;
    try {
      sameOrigin = host !== undefined && new URL(origin).host === host;
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) {
      sendError(res, 403, "cross_site_form", "This form can only be sent from our own pages.");
      return;
    }
  }
  next();
};
