import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Router } from "express";
import { localizedPaths } from "../../core/locale";

/**
 * What the partner page (/partner/, /en/partner/) links to beyond its own
 * text (issue 8):
 * - /partner/api.html and /en/partner/api.html: the API reference
 *   (/api/partner/v1/reference), a redirect from an address in the page's
 *   language;
 * - /partner/demo/{page}.html (and under /en/): the widget's demo pages of
 *   examples/, served from our own origin for a look (npm run examples
 *   serves them from a second origin, as a partner's site would), with the
 *   widget loaded from our public origin.
 * The links end in .html so that the site's in-app navigation leaves them
 * to the browser: they are not pages of the site's route table.
 */

const DEMO_FILE = /^[a-z0-9-]+\.(html|js|css)$/;
/** The demo pages name the widget's origin as `npm run examples` expects it. */
const EXAMPLES_WIDGET_ORIGIN = "http://localhost:3000";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export interface PartnerPagesOptions {
  site: { origin: string };
  /** examples/ (the demo pages); without it the demo pages answer 404. */
  examplesDir?: string | undefined;
  /** dist/, for the React host's bundle (dist/examples/react-host.js). */
  distDir?: string | undefined;
}

async function firstReadable(files: string[]): Promise<string | undefined> {
  for (const file of files) {
    try {
      return await readFile(file, "utf8");
    } catch {
      // try the next folder
    }
  }
  return undefined;
}

/**
 * A demo page's Content Security Policy (issue 31, decision 0345): a
 * partner's strict policy, as strict-csp.html shows one: scripts, styles,
 * images, fonts and connections from this origin and the widget's only, no
 * inline script, no eval; a page's own <style> (the hostile-CSS page's)
 * allowed by its hash alone. The widget needs nothing more.
 */
export function demoPagePolicy(html: string, widgetOrigin: string): string {
  const styleHashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, text]) =>
      `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
  );
  const ours = `'self' ${widgetOrigin}`;
  return [
    "default-src 'self'",
    `script-src ${ours}`,
    ["style-src", ours, ...styleHashes].join(" "),
    `img-src ${ours} data:`,
    `font-src ${ours}`,
    `connect-src ${ours}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function partnerPagesRouter({ site, examplesDir, distDir }: PartnerPagesOptions): Router {
  const router = Router();
  router.get(localizedPaths("/partner/api.html"), (_req, res) => {
    res.redirect(302, "/api/partner/v1/reference");
  });
  const demo = localizedPaths("/partner/demo/:file");
  router.get(demo, async (req, res, next) => {
    const file = req.params.file;
    if (!examplesDir || typeof file !== "string" || !DEMO_FILE.test(file)) {
      next();
      return;
    }
    const folders = [examplesDir, ...(distDir ? [path.join(distDir, "examples")] : [])];
    let body = await firstReadable(folders.map((folder) => path.join(folder, file)));
    if (body === undefined) {
      next();
      return;
    }
    const extension = path.extname(file);
    if (extension === ".html") {
      body = body.replaceAll(EXAMPLES_WIDGET_ORIGIN, site.origin);
      res.setHeader("Content-Security-Policy", demoPagePolicy(body, site.origin));
    }
    res
      .type(TYPES[extension] ?? "text/plain")
      .setHeader("Cache-Control", "public, max-age=300")
      // Demonstrations, not content: kept out of search results.
      .setHeader("X-Robots-Tag", "noindex")
      .send(body);
  });
  return router;
}
