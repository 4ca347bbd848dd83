import express, { Router } from "express";
import { isLocale, localizePath } from "../../core/locale";
import { type UnsubscribeRequest, unsubscribeRequestSchema } from "../../core/schemas/unsubscribe";
import { validateBody } from "../http/errors";
import { eraseContact } from "../services/unsubscribe";
import type { Storage } from "../storage/database";

/**
 * POST /api/unsubscribe: the personal-data deletion request, committed
 * before it answers. JSON from the page's script (and from anyone), or a
 * plain form post when the page's script has not run: that one is answered
 * with a redirect to the confirmation page, never with the contact in a URL.
 */
export function unsubscribeRouter(storage: Storage): Router {
  const router = Router();
  router.post(
    "/unsubscribe",
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
    validateBody(unsubscribeRequestSchema),
    async (_req, res) => {
      const outcome = await eraseContact(storage, res.locals.body as UnsubscribeRequest);
      if (res.locals.formLocale) {
        res.redirect(303, localizePath(res.locals.formLocale, "/unsubscribe/done/"));
        return;
      }
      res.json(outcome);
    },
  );
  return router;
}
