/**
 * Serves examples/ as a partner's site would: from its own origin, loading
 * our widget from another. The pages name the widget's origin as
 * http://localhost:3000 (where `npm start` serves it); WIDGET_ORIGIN swaps
 * in another one, as the browser tests do.
 *   npm start            # the product, on :3000
 *   npm run examples     # the partner pages, on :8080
 */
import { access, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const examplesDir = fileURLToPath(new URL("../examples/", import.meta.url));
const builtExamplesDir = fileURLToPath(new URL("../dist/examples/", import.meta.url));
const DEFAULT_WIDGET_ORIGIN = "http://localhost:3000";
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css" };

/**
 * The strict-CSP page is served as a partner with a strict policy would:
 * our origin allowed for scripts and connections, nothing inline, no eval.
 */
function headersFor(file, widgetOrigin) {
  const headers = { "Content-Type": types[path.extname(file)] ?? "text/plain" };
  if (path.basename(file) === "strict-csp.html") {
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' ${widgetOrigin}`,
      "style-src 'self'",
      `img-src 'self' data: ${widgetOrigin}`,
      `connect-src 'self' ${widgetOrigin}`,
    ].join("; ");
  }
  return headers;
}

/** @param {string[]} files */
async function firstExisting(files) {
  for (const file of files) {
    try {
      await access(file);
      return file;
    } catch {
      // try the next folder
    }
  }
  throw new Error("not found");
}

/** @param {{ widgetOrigin?: string }} options */
export function createExamplesServer({ widgetOrigin = DEFAULT_WIDGET_ORIGIN } = {}) {
  return createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://examples.invalid");
    const relative = path.normalize(pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    // A page's files are in examples/; built ones (the React host's bundle) in dist/examples/.
    const candidates = [examplesDir, builtExamplesDir].map((root) => [
      root,
      path.join(root, relative),
    ]);
    if (candidates.some(([root, file]) => !file.startsWith(root))) {
      res.writeHead(403).end();
      return;
    }
    try {
      const file = await firstExisting(candidates.map(([, file]) => file));
      let body = await readFile(file, "utf8");
      if (file.endsWith(".html")) body = body.replaceAll(DEFAULT_WIDGET_ORIGIN, widgetOrigin);
      res.writeHead(200, headersFor(file, widgetOrigin));
      res.end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.EXAMPLES_PORT ?? 8080);
  createExamplesServer({ widgetOrigin: process.env.WIDGET_ORIGIN }).listen(port, () => {
    console.log(
      `Partner example pages at http://localhost:${port}/ (widget from ${process.env.WIDGET_ORIGIN ?? DEFAULT_WIDGET_ORIGIN})`,
    );
  });
}
