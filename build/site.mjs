/**
 * The site's client (DESIGN "Builds"): ESM chunks with hashed names, real
 * React 19, the browser half of each page; its stylesheet, web fonts, public
 * files and manifest.json.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import commonjs from "@rollup/plugin-commonjs";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { catalogChunks, catalogSlots } from "./catalogs.mjs";
import {
  cleanOutput,
  extensions,
  minifyCss,
  productionReact,
  rawCss,
  reportSizes,
  typescriptPlugin,
} from "./shared.mjs";

/**
 * Our web fonts: each script's subset of a variable Noto face (decisions
 * 0015, 0310), its installed faces' full and PostScript names for local(),
 * and the code points it is used for.
 */
const WEB_FONTS = [
  {
    key: "sinhala",
    family: "Noto Sans Sinhala Web",
    file: "node_modules/@fontsource-variable/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-wght-normal.woff2",
    name: "noto-sans-sinhala.woff2",
    regular: ["Noto Sans Sinhala Regular", "NotoSansSinhala-Regular"],
    bold: ["Noto Sans Sinhala Bold", "NotoSansSinhala-Bold"],
    unicodeRange: "U+0964-0965,U+0D81-0DF4,U+200C-200D,U+25CC",
  },
  {
    key: "tamil",
    family: "Noto Sans Tamil Web",
    file: "node_modules/@fontsource-variable/noto-sans-tamil/files/noto-sans-tamil-tamil-wght-normal.woff2",
    name: "noto-sans-tamil.woff2",
    regular: ["Noto Sans Tamil Regular", "NotoSansTamil-Regular"],
    bold: ["Noto Sans Tamil Bold", "NotoSansTamil-Bold"],
    // Fontsource's Tamil subset, without the rupee sign: our copy writes "Rs.".
    unicodeRange: "U+0964-0965,U+0B82-0BFA,U+200C-200D,U+25CC",
  },
];

/**
 * Folders served at the root under their own names: site/public/ (e.g. /favicon.svg), and the
 * WordPress screenshots the portal's widget builder shows (/screens/embed/…, decision 0468),
 * kept once, in docs/screens/embed/.
 */
const PUBLIC_FOLDERS = [
  ["site/public", ""],
  ["docs/screens/embed", "screens/embed"],
];

/**
 * The site's stylesheet (our Sinhala and Tamil web fonts' @font-face, the widget
 * components' styles, then the site's) as a hashed asset; the font files
 * themselves; the files of site/public/ under their own names (served at the
 * root, e.g. /favicon.svg); and manifest.json naming what pages link.
 */
function siteAssets() {
  let fonts;
  return {
    name: "site-assets",
    buildStart() {
      fonts = WEB_FONTS.map((font) => ({
        ...font,
        ref: this.emitFile({ type: "asset", name: font.name, source: readFileSync(font.file) }),
      }));
      for (const [from, to] of PUBLIC_FOLDERS) {
        const files = readdirSync(from, { recursive: true, withFileTypes: true });
        for (const file of files.filter((entry) => entry.isFile())) {
          const relative = path.relative(from, path.join(file.parentPath, file.name));
          this.emitFile({
            type: "asset",
            fileName: path.posix.join("public", to, relative),
            source: readFileSync(path.join(from, relative)),
          });
        }
      }
    },
    generateBundle(_options, bundle) {
      // Only its script's letters use a face, and a phone that has the font
      // (most Android phones do) loads nothing: local() names are the
      // installed faces' full and PostScript names, one face per weight range.
      // Which pages list which family: site.css's --font-family (0310).
      const fontFace = fonts
        .map((font) => {
          const url = `/${this.getFileName(font.ref)}`;
          const face = (weights, locals) =>
            `@font-face{font-family:"${font.family}";font-style:normal;font-display:swap;font-weight:${weights};src:${locals.map((name) => `local("${name}")`).join(",")},url(${url}) format("woff2");unicode-range:${font.unicodeRange}}`;
          return face("100 599", font.regular) + face("600 900", font.bold);
        })
        .join("");
      const css = ["widget/styles/widget.css", "site/styles/site.css", "site/styles/offer-card.css"]
        .map((file) => readFileSync(file, "utf8"))
        .join("\n");
      const stylesheet = this.emitFile({
        type: "asset",
        name: "site.css",
        source: fontFace + minifyCss(css),
      });
      const entries = Object.values(bundle).filter((file) => file.type === "chunk" && file.isEntry);
      const scripts = entries.map((chunk) => `/${chunk.fileName}`);
      const styles = [`/${this.getFileName(stylesheet)}`];
      const catalogs = catalogChunks(bundle, "site/messages");
      const manifest = {
        // The build's id: its files' hashed names, so the same sources give the same id.
        buildId: createHash("sha256")
          .update([...scripts, ...Object.values(catalogs).flat(), ...styles].join("\n"))
          .digest("hex")
          .slice(0, 12),
        builtAt: new Date().toISOString(),
        scripts,
        catalogs,
        styles,
        fonts: Object.fromEntries(
          fonts.map((font) => [font.key, `/${this.getFileName(font.ref)}`]),
        ),
      };
      this.emitFile({
        type: "asset",
        fileName: "manifest.json",
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

/**
 * The site's browser build takes the browser half of a page (site/pages/page.ts):
 *  - a page's `*.server.ts` (routes, view builder, head, data needs) becomes an
 *    empty module: the browser gets views from the server and never builds one,
 *    and a component that imports a value from one fails this build;
 *  - a module of site/ with a `.client.tsx` beside it is replaced by that file
 *    (site/pages/application/lazy.ts: the page as a chunk loaded on demand).
 */
export function browserHalves() {
  const EMPTY = "\0server-half";
  return {
    name: "browser-halves",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id ?? "";
      const site = `${path.resolve("site")}${path.sep}`;
      if (!id.startsWith(site)) return null;
      if (id.endsWith(".server.ts")) return EMPTY;
      const client = id.replace(/\.tsx?$/, ".client.tsx");
      return client !== id && existsSync(client) ? client : null;
    },
    load(id) {
      return id === EMPTY ? "export {};" : null;
    },
  };
}

export const siteBuild = {
  input: { client: "site/client.tsx" },
  output: {
    dir: "dist/site",
    format: "es",
    entryFileNames: "assets/[name]-[hash].js",
    chunkFileNames: "assets/[name]-[hash].js",
    assetFileNames: "assets/[name]-[hash][extname]",
    plugins: [terser({ format: { comments: false } })],
  },
  plugins: [
    cleanOutput("dist/site"),
    productionReact(),
    browserHalves(),
    catalogSlots(),
    rawCss(),
    nodeResolve({ browser: true, extensions }),
    commonjs(),
    typescriptPlugin({ sourceMap: false }),
    siteAssets(),
    reportSizes("site"),
  ],
};
