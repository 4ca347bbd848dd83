import { createHash } from "node:crypto";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import type { Response } from "express";
import { z } from "zod";
import { PORTAL_SECTION_PATHS } from "../../core/views/partner-portal";
import {
  checkLinkForm,
  checkWidgetForm,
  hasProblems,
  LINK_FIELDS,
  previewStyle,
  readLinkForm,
  readWidgetForm,
  type WidgetView,
} from "../../core/views/portal/widget";
import { sendPortalScript } from "../http/built-scripts";
import type { PortalSectionRoutes } from "./portal-context";

/**
 * The partner portal's widget and link builder (issue 18, decisions
 * 0230–0233): a GET form whose answer is the page with the snippet, the
 * preview and the link; the page's builder script (dist/portal/
 * widget-builder.js) does the same live. Everything shown is the signed-in
 * partner's own (its id, publishable key and origins); nothing is stored.
 */

/** dist/widget/manifest.json, as rollup.config.mjs's pinnedWidget writes it. */
const manifestSchema = z.object({
  pinned: z.string().regex(/^loan-widget-[\d.]+-[0-9a-f]{8}\.js$/),
  integrity: z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/),
});

interface PinnedScript {
  scriptPath: string;
  integrity: string | null;
  builderScript: boolean;
}

const builds = new Map<string, Promise<PinnedScript>>();

/**
 * The widget's pinned copy and its SRI hash from the build, read once; the
 * latest copy without a hash when there is no manifest (a test without a build).
 */
function pinnedScript(distDir: string | undefined): Promise<PinnedScript> {
  const unpinned = { scriptPath: "/widget/v1/loan-widget.js", integrity: null };
  if (!distDir) return Promise.resolve({ ...unpinned, builderScript: false });
  let read = builds.get(distDir);
  if (!read) {
    read = (async () => {
      const builderScript = await access(path.join(distDir, "portal", "widget-builder.js")).then(
        () => true,
        () => false,
      );
      try {
        const text = await readFile(path.join(distDir, "widget", "manifest.json"), "utf8");
        const manifest = manifestSchema.parse(JSON.parse(text));
        return {
          scriptPath: `/widget/v1/${manifest.pinned}`,
          integrity: manifest.integrity,
          builderScript,
        };
      } catch {
        return { ...unpinned, builderScript };
      }
    })();
    builds.set(distDir, read);
  }
  return read;
}

/**
 * This page's policy: the portal's, with our own scripts (the widget for the
 * preview, the builder) and what the widget asks of our origin (the offers
 * feed; its events are only logged here), and the preview's stylesheet by
 * its hash. The widget's own styles are constructable sheets: no CSP needed.
 */
function allowPreview(res: Response, previewCss: string): void {
  const portalPolicy = String(res.getHeader("Content-Security-Policy") ?? "");
  const hash = createHash("sha256").update(previewCss).digest("base64");
  res.setHeader(
    "Content-Security-Policy",
    portalPolicy
      .replace("default-src 'none'", "default-src 'none'; script-src 'self'; connect-src 'self'")
      .replace(/style-src ([^;]*)/, `style-src $1 'sha256-${hash}'`),
  );
}

export const widgetRoutes: PortalSectionRoutes = (router, portal) => {
  const path = `${portal.base}${PORTAL_SECTION_PATHS.widget}`;
  const scriptPath = `${path}builder.js`;

  router.get(path, async (req, res) => {
    const request = await portal.partnerSignedIn(req, res);
    if (!request) return;
    const { partner } = request;
    const query = req.query as Record<string, unknown>;
    const widget = readWidgetForm(query, {
      lang: portal.locale,
      // The key only where it can work: a partner with no registered site gets its id (0231).
      partnerAs: partner.origins.length > 0 ? "key" : "id",
    });
    const link = readLinkForm(query, portal.locale);
    const unchangedLink = readLinkForm({}, portal.locale);
    const { settings, problems: widgetProblems } = checkWidgetForm(widget);
    const { problems: linkProblems } = checkLinkForm(link);
    const pinned = await pinnedScript(portal.distDir);
    const view: WidgetView = {
      page: "widget",
      ...request.frame,
      context: {
        origin: portal.site.origin,
        partnerId: partner.id,
        publishableKey: partner.publishableKey,
        scriptPath: pinned.scriptPath,
        integrity: pinned.integrity,
      },
      origins: partner.origins,
      widget,
      widgetProblems,
      link,
      linkProblems,
      builderScript: pinned.builderScript ? scriptPath : null,
      // Folded unless the partner made a link (a value other than the form's own defaults).
      linkOpen: LINK_FIELDS.some((field) => link[field] !== unchangedLink[field]),
    };
    allowPreview(res, previewStyle(settings));
    const wrong = hasProblems(widgetProblems) || hasProblems(linkProblems);
    portal.send(req, res, wrong ? 400 : 200, view);
  });

  router.get(scriptPath, async (_req, res, next) => {
    if (!(await sendPortalScript(res, portal.distDir, "widget-builder.js"))) next();
  });
};
