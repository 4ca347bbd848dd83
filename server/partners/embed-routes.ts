import { createHash } from "node:crypto";
import { Router } from "express";
import { EMBED_PATH, type EmbedView, readEmbedQuery } from "../../core/views/embed";
import { renderEmbedDocument } from "../../site/server";
import type { Storage } from "../storage/database";
import { activePartnerId } from "./partners";

/**
 * The widget in an iframe for hosts that strip scripts (issue 35, decisions
 * 0432–0434): GET /embed/?partner=…&lang=…&element=… and the widget's
 * attributes. Every value is checked as the portal's builder checks it; a
 * wrong one gets a 400 page that names it (escaped), a partner we do not
 * have (or a disabled one) a 404 page, never a 500. This route alone may be
 * framed by any site (`frame-ancestors *`); its page allows only our
 * scripts and its one stylesheet by hash.
 */
export function embedPolicy(style: string): string {
  const hash = createHash("sha256").update(style).digest("base64");
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'sha256-${hash}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors *",
  ].join("; ");
}

export function embedRouter(storage: Storage): Router {
  const router = Router();
  router.get(EMBED_PATH, async (req, res) => {
    const query = readEmbedQuery(req.query as Record<string, unknown>);
    const { locale, settings, problems } = query;
    let view: EmbedView = { kind: "refused", locale, problems };
    if (Object.keys(problems).length === 0) {
      const partnerId = await activePartnerId(storage.db, query.partner);
      view = partnerId
        ? {
            kind: "widget",
            locale,
            settings,
            partnerId,
            incomeBand: query.incomeBand,
            scriptPath: "/widget/v1/loan-widget.js",
          }
        : { kind: "refused", locale, problems: { partner: "partner" } };
    }
    const page = renderEmbedDocument(view);
    res
      .status(page.status)
      .type("html")
      .setHeader("Content-Security-Policy", embedPolicy(page.style))
      .setHeader("Content-Language", locale)
      .setHeader("X-Robots-Tag", "noindex")
      .setHeader("Cache-Control", page.status === 200 ? "public, max-age=300" : "no-store")
      .send(page.html);
  });
  return router;
}
