/**
 * One config, three outputs (DESIGN "Builds"):
 *  1. the widget: one IIFE for partners' pages, its elements made by r2wc and React
 *     aliased to preact/compat (decision 0331);
 *  2. the site client: ESM chunks with hashed names, real React 19;
 *  3. the server: ESM for Node, with the site's server entry inside;
 * and the command-line tools (`npm run partner`, `npm run lenders`, `npm run
 * outbox`, `npm run sandbox`, `npm run staff`), which `--configPartnerTool`,
 * `--configLendersTool`, `--configOutboxTool`, `--configSandboxTool` and
 * `--configStaffTool` build alone, in a few seconds, before each use.
 * Type checking is `npm run typecheck`'s job; the builds only transpile.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import alias from "@rollup/plugin-alias";
import commonjs from "@rollup/plugin-commonjs";
import json from "@rollup/plugin-json";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";
import { ALL_LOCALES } from "./core/locale.ts";
import { siteContent } from "./site/content/plugin.mjs";

const extensions = [".ts", ".tsx", ".mjs", ".js"];

const typescriptPlugin = ({ sourceMap }) =>
  typescript({
    tsconfig: "./tsconfig.json",
    compilerOptions: { noCheck: true, allowJs: false, declaration: false, sourceMap },
  });

/** Browser code is always built for production: React's dev build is large and slow. */
const productionReact = () =>
  replace({
    preventAssignment: true,
    values: { "process.env.NODE_ENV": JSON.stringify("production") },
  });

/** Comment and whitespace removal; safe for our hand-written CSS, not a general minifier. */
function minifyCss(css) {
  return (
    css
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\s+/g, " ")
      .replace(/\s*([{};,>])\s*/g, "$1")
      // Only after a colon: a space before one is a descendant combinator (".a :focus").
      .replace(/:\s+/g, ":")
      .replace(/;}/g, "}")
      .trim()
  );
}

/** `import css from "./x.css?raw"` gives the file's minified text, as Vite's ?raw does in tests. */
function rawCss() {
  return {
    name: "raw-css",
    resolveId(source, importer) {
      if (!source.endsWith(".css?raw") || !importer) return null;
      const file = source.slice(0, -"?raw".length);
      // A package's stylesheet (uplot/dist/uPlot.min.css) or one of ours beside the importer.
      const base = file.startsWith(".") ? path.dirname(importer) : "node_modules";
      return `${path.resolve(base, file)}?raw`;
    },
    load(id) {
      if (!id.endsWith(".css?raw")) return null;
      const file = id.slice(0, -"?raw".length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(minifyCss(readFileSync(file, "utf8")))};`;
    },
  };
}

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
      const files = readdirSync("site/public", { recursive: true, withFileTypes: true });
      for (const file of files.filter((entry) => entry.isFile())) {
        const relative = path.relative("site/public", path.join(file.parentPath, file.name));
        this.emitFile({
          type: "asset",
          fileName: `public/${relative}`,
          source: readFileSync(path.join("site/public", relative)),
        });
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
      const css = ["widget/styles/widget.css", "site/styles/site.css"]
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
 * Next to dist/widget/loan-widget.js (always the latest), a pinned copy named
 * by version and content hash, and manifest.json with its SRI hash, so a
 * partner can pin: <script src="…/loan-widget-0.1.0-1a2b3c4d.js" integrity="sha384-…">.
 */
function pinnedWidget() {
  const { version } = JSON.parse(readFileSync("package.json", "utf8"));
  return {
    name: "pinned-widget",
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry);
      if (!chunk) return;
      const hash = createHash("sha256").update(chunk.code).digest("hex").slice(0, 8);
      const pinned = `loan-widget-${version}-${hash}.js`;
      const integrity = `sha384-${createHash("sha384").update(chunk.code).digest("base64")}`;
      this.emitFile({ type: "asset", fileName: pinned, source: chunk.code });
      // The copy's catalogs (decision 0303), which any copy of this build fetches.
      const catalogs = {};
      for (const file of Object.values(bundle)) {
        const locale = /^messages-(\w+)-[0-9a-f]{8}\.json$/.exec(file.fileName)?.[1];
        if (locale) catalogs[locale] = file.fileName;
      }
      const manifest = { version, latest: chunk.fileName, pinned, integrity, catalogs };
      this.emitFile({
        type: "asset",
        fileName: "manifest.json",
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}

// The widget's catalogs are read by importing our TypeScript modules into Node
// (widgetCatalogs below), whose imports name no extension, as the compiler
// wants them: "./eligibility-ta" is eligibility-ta.ts.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const parent = context.parentURL ? new URL(context.parentURL).pathname : "";
      if (!specifier.startsWith(".") || !parent.endsWith(".ts")) throw error;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});

/**
 * The widget's copy as one catalog file per locale (decision 0303), not in
 * its script: dist/widget/messages-<locale>-<hash>.json, the shared catalog
 * (core/messages) and the eligibility check's, read from the same sources the
 * site imports. In the widget's bundle, core/messages/<locale>.ts and
 * eligibility.ts become the slots widget/catalogs.ts fills from those files,
 * and `virtual:widget-catalogs` gives each file's name and SRI hash (sha256,
 * shorter in the script than sha384: decision 0306), which the script checks
 * its fetch against. A pinned copy of the script names
 * the catalogs it was built with, and hashed names never change.
 */
function widgetCatalogs() {
  const FILES = "\0widget-catalog-files";
  const SLOT = "\0widget-catalog:";
  const messagesDir = path.resolve("core/messages");
  const runtime = path.resolve("widget/catalogs.ts");
  let locales = [];
  let files = {};
  let sources = {};
  return {
    name: "widget-catalogs",
    async buildStart() {
      // Node 24 runs these TypeScript modules as they are (types stripped); a
      // locale's catalog is core/messages/<locale>.ts exporting `<locale>`, as index.ts has them.
      const load = (file) => import(`${pathToFileURL(path.resolve(file))}?build=${Date.now()}`);
      const [{ ALL_LOCALES }, { eligibilityMessagesFor }] = await Promise.all([
        load("core/locale.ts"),
        load("core/messages/eligibility.ts"),
      ]);
      locales = ALL_LOCALES;
      files = {};
      sources = {};
      for (const locale of locales) {
        const messages = (await load(`core/messages/${locale}.ts`))[locale];
        const eligibility = eligibilityMessagesFor(locale);
        // One object per locale: a key in both would hide one text behind the other.
        const both = Object.keys(eligibility).filter((key) => Object.hasOwn(messages, key));
        if (both.length) this.error(`core/messages and eligibility.ts both have ${both}`);
        const source = JSON.stringify({ ...messages, ...eligibility });
        const hash = createHash("sha256").update(source).digest("hex").slice(0, 8);
        const fileName = `messages-${locale}-${hash}.json`;
        const integrity = `sha256-${createHash("sha256").update(source).digest("base64")}`;
        files[locale] = [fileName, integrity];
        sources[fileName] = source;
      }
      for (const file of ["index.ts", "eligibility.ts", ...locales.map((l) => `${l}.ts`)]) {
        this.addWatchFile(path.join(messagesDir, file));
      }
    },
    async resolveId(source, importer, options) {
      if (source === "virtual:widget-catalogs") return FILES;
      if (!importer || !source.startsWith(".") || importer.startsWith("\0")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id ?? "";
      if (path.dirname(id) !== messagesDir) return null;
      const name = path.basename(id, ".ts");
      if (name === "eligibility" || locales.includes(name)) return `${SLOT}${name}`;
      return null;
    },
    load(id) {
      if (id === FILES) return `export default ${JSON.stringify(files)};`;
      if (!id.startsWith(SLOT)) return null;
      const name = id.slice(SLOT.length);
      const slot = `import { catalogSlot } from ${JSON.stringify(runtime)};`;
      return name === "eligibility"
        ? `${slot}\nexport const eligibilityMessagesFor = catalogSlot;`
        : `${slot}\nexport const ${name} = catalogSlot(${JSON.stringify(name)});`;
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(sources)) {
        this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}

/**
 * Every locale's catalogs out of the site's browser scripts (decisions 0304,
 * 0326): each import of core/messages/<locale>.ts, site/messages/<locale>.ts
 * or site/messages/<name>-<locale>.ts becomes an empty slot of
 * site/messages/catalog-slots.ts, except the imports of
 * site/messages/catalogs-<locale>.ts (the islands' build: `islandsDir`'s
 * catalogs-<locale>.ts instead), the chunk a page of that locale loads
 * first, which fills the slots. No page's first script carries any copy.
 * The eligibility check's and the push prompt's copy stay in their chunks,
 * loaded on demand, in all three locales: a page that never shows them
 * loads none of it.
 */
function catalogSlots(islandsDir) {
  const SLOT = "\0catalog-slot:";
  const runtime = path.resolve("site/messages/catalog-slots.ts");
  const loaders = new Map(
    ALL_LOCALES.map((locale) => [
      path.resolve(`site/messages/catalogs-${locale}.ts`),
      path.resolve(islandsDir ?? "site/messages", `catalogs-${locale}.ts`),
    ]),
  );
  const used = new Set(loaders.values());
  const suffix = `(${ALL_LOCALES.join("|")})`;
  const coreCatalog = new RegExp(`^${suffix}\\.ts$`);
  const siteCatalog = new RegExp(`^(?!push-)([a-z-]+-)?${suffix}\\.ts$`);
  const isCatalog = (id) =>
    (path.dirname(id) === path.resolve("core/messages") && coreCatalog.test(path.basename(id))) ||
    (path.dirname(id) === path.resolve("site/messages") && siteCatalog.test(path.basename(id)));
  return {
    name: "catalog-slots",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".") || importer.startsWith("\0")) return null;
      if (used.has(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id ?? "";
      const loader = loaders.get(id);
      if (loader) return loader === id ? null : loader;
      return isCatalog(id) ? `${SLOT}${id}` : null;
    },
    load(id) {
      if (!id.startsWith(SLOT)) return null;
      const file = id.slice(SLOT.length);
      const names = [...readFileSync(file, "utf8").matchAll(/^export const (\w+)/gm)].map(
        (m) => m[1],
      );
      if (names.length === 0) this.error(`${file} exports no catalog`);
      return [
        `import { catalogSlot } from ${JSON.stringify(runtime)};`,
        ...names.map((name) => `export const ${name} = catalogSlot(${JSON.stringify(name)});`),
      ].join("\n");
    },
  };
}

/** A chunk's file and every file it imports statically, in a bundle: what a page preloads. */
function staticImportsOf(bundle) {
  const chunks = new Map(Object.values(bundle).map((chunk) => [chunk.fileName, chunk]));
  const withImports = (fileName, seen = new Set()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  return withImports;
}

/**
 * Each locale's catalog chunk (catalogSlots) and the files it imports, by
 * locale, for the pages' preloads: `loaderDir`'s catalogs-<locale>.ts.
 */
function catalogChunks(bundle, loaderDir) {
  const withImports = staticImportsOf(bundle);
  const catalogs = {};
  for (const locale of ALL_LOCALES) {
    const loader = path.resolve(loaderDir, `catalogs-${locale}.ts`);
    const chunk = Object.values(bundle).find((file) => file.facadeModuleId === loader);
    if (!chunk) throw new Error(`No chunk for ${loader}`);
    catalogs[locale] = [...withImports(chunk.fileName)].map((name) => `/${name}`);
  }
  return catalogs;
}

/** Prints each JavaScript and CSS file's size, raw, gzip and brotli. */
function reportSizes(label) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    name: "report-sizes",
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(file.fileName)) continue;
        const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
        const where = path.join(options.dir ?? path.dirname(options.file), file.fileName);
        console.log(
          `${label}: ${where}  ${kb(source.length)}, gzip ${kb(gzipSync(source, { level: 9 }).length)}, brotli ${kb(brotliCompressSync(source).length)}`,
        );
      }
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
function browserHalves() {
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

/**
 * The islands' scripts (decision 0271) go into the site's manifest, which the
 * site's build wrote just before: by name ("article" for
 * site/islands/article.entry.tsx), each entry file and every file it imports
 * statically, which the page preloads. The build id then covers them too.
 */
function islandsManifest() {
  return {
    name: "islands-manifest",
    writeBundle(options, bundle) {
      const file = path.join(options.dir, "manifest.json");
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      const withImports = staticImportsOf(bundle);
      manifest.islands = Object.fromEntries(
        Object.values(bundle)
          .filter((chunk) => chunk.type === "chunk" && chunk.isEntry)
          .map((chunk) => [chunk.name, [...withImports(chunk.fileName)].map((name) => `/${name}`)]),
      );
      manifest.islandCatalogs = catalogChunks(bundle, "site/islands");
      const files = [
        ...manifest.scripts,
        ...Object.values(manifest.catalogs).flat(),
        ...Object.values(manifest.islands).flat(),
        ...Object.values(manifest.islandCatalogs).flat(),
      ];
      manifest.buildId = createHash("sha256")
        .update([...files, ...manifest.styles].join("\n"))
        .digest("hex")
        .slice(0, 12);
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

/** The islands' entries: site/islands/<name>.entry.tsx. */
const islandEntries = Object.fromEntries(
  readdirSync("site/islands")
    .filter((file) => file.endsWith(".entry.tsx"))
    .map((file) => [file.replace(/\.entry\.tsx$/, ""), path.join("site/islands", file)]),
);

/** Packages stay external to the server bundle; our files and virtual modules do not. */
const isBareImport = (id) =>
  !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0") && !id.startsWith("virtual:");

/** Removes a build's previous output, whose hashed names would otherwise pile up. */
function cleanOutput(dir) {
  return {
    name: "clean-output",
    buildStart() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run partner`: the partner tool, without React or the site. */
const partnerTool = {
  input: "server/partners/cli-main.ts",
  output: { file: "dist/partner/partner.js", format: "es", sourcemap: true },
  external: isBareImport,
  plugins: [nodeResolve({ extensions }), typescriptPlugin({ sourceMap: true })],
};

/** `npm run lenders`: the lenders tool (import, export, list, live, pause). */
const lendersTool = {
  input: "server/lenders/cli-main.ts",
  output: { file: "dist/lenders/lenders.js", format: "es", sourcemap: true },
  external: isBareImport,
  plugins: [
    json({ preferConst: true }),
    nodeResolve({ extensions }),
    typescriptPlugin({ sourceMap: true }),
  ],
};

/** `npm run outbox`: prints the local outbox of messages. */
const outboxTool = {
  input: "server/messaging/outbox-main.ts",
  output: { file: "dist/outbox/outbox.js", format: "es" },
  external: isBareImport,
  plugins: [nodeResolve({ extensions }), typescriptPlugin({ sourceMap: false })],
};

/**
 * `npm run sandbox`: the simulated lenders (issue 15), and library.js, what
 * scripts (the benchmark, the demo) take from them. Without React or the site.
 */
const sandboxTool = {
  input: { sandbox: "server/sandbox/sandbox-main.ts", library: "server/sandbox/library.ts" },
  output: {
    dir: "dist/sandbox",
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
    format: "es",
    sourcemap: true,
  },
  external: isBareImport,
  plugins: [
    cleanOutput("dist/sandbox"),
    json({ preferConst: true }),
    nodeResolve({ extensions }),
    typescriptPlugin({ sourceMap: true }),
  ],
};

/** What `npm run bench` seeds and times of the dashboard (issue 16), without React or the site. */
const dashboardBench = {
  input: "server/funnel/bench-library.ts",
  output: { file: "dist/bench/funnel.js", format: "es" },
  external: isBareImport,
  plugins: [
    json({ preferConst: true }),
    nodeResolve({ extensions }),
    typescriptPlugin({ sourceMap: false }),
  ],
};

/** `npm run staff`: back-office accounts (issue 16), without React or the site. */
const staffTool = {
  input: "server/staff/cli-main.ts",
  output: { file: "dist/staff/staff.js", format: "es", sourcemap: true },
  external: isBareImport,
  plugins: [nodeResolve({ extensions }), typescriptPlugin({ sourceMap: true })],
};

export default (commandLineArgs) => {
  if (commandLineArgs.configPartnerTool) return [partnerTool];
  if (commandLineArgs.configLendersTool) return [lendersTool];
  if (commandLineArgs.configOutboxTool) return [outboxTool];
  if (commandLineArgs.configSandboxTool) return [sandboxTool];
  if (commandLineArgs.configStaffTool) return [staffTool];
  return builds;
};

/**
 * The widget's React: the npm package `@preact/compat` (decision 0331), for our
 * components and for r2wc's own imports of `react` and `react-dom/client`.
 */
function reactOnCompat() {
  return alias({
    entries: [
      { find: /^react$/, replacement: "@preact/compat" },
      { find: /^react-dom$/, replacement: "@preact/compat" },
      { find: /^react-dom\/client$/, replacement: "@preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "@preact/compat/jsx-runtime" },
    ],
  });
}

/**
 * r2wc takes React as its default export (`import React from "react"`) for
 * `React.createElement` alone. Compat's default export is one object of all
 * of compat, which no bundler can take apart; its named exports can be, and
 * `createElement` is one of them, the same function. So r2wc's import is read
 * as `import * as React from "react"`: still @preact/compat, without the parts
 * of compat nobody calls (decision 0331). The build fails if r2wc no longer
 * imports React that way, rather than carry the whole object silently.
 */
function r2wcNamedReact() {
  const file = `${path.sep}@r2wc${path.sep}react-to-web-component${path.sep}`;
  return {
    name: "r2wc-named-react",
    transform(code, id) {
      if (!id.includes(file)) return null;
      const defaultImport = /^import (\w+) from "react";$/m;
      if (!defaultImport.test(code)) {
        this.error(`${id}: no \`import React from "react"\` to read as a namespace`);
      }
      return { code: code.replace(defaultImport, 'import * as $1 from "react";'), map: null };
    },
  };
}

/**
 * The site islands' React on preact: their own few lines of React (`module`,
 * decision 0271), not preact/compat.
 */
function reactOnPreact(module) {
  return alias({
    entries: [
      { find: /^react$/, replacement: path.resolve(module) },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: path.resolve(module) },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
    ],
  });
}

const builds = [
  {
    input: "widget/index.ts",
    output: {
      dir: "dist/widget",
      entryFileNames: "loan-widget.js",
      format: "iife",
      plugins: [
        terser({
          ecma: 2020,
          toplevel: true,
          compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
          format: { comments: false },
        }),
      ],
    },
    plugins: [
      productionReact(),
      reactOnCompat(),
      r2wcNamedReact(),
      rawCss(),
      widgetCatalogs(),
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      pinnedWidget(),
      reportSizes("widget"),
    ],
  },
  {
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
  },
  {
    // The islands' scripts (decision 0271): after the site's build, into its folder and manifest;
    // the site's components on preact, as the widget runs them.
    input: islandEntries,
    output: {
      dir: "dist/site",
      format: "es",
      entryFileNames: "assets/islands-[name]-[hash].js",
      chunkFileNames: "assets/islands-[name]-[hash].js",
      plugins: [
        terser({
          ecma: 2020,
          compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
          format: { comments: false },
        }),
      ],
    },
    plugins: [
      productionReact(),
      reactOnPreact("site/islands/react-on-preact.ts"),
      browserHalves(),
      catalogSlots("site/islands"),
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      islandsManifest(),
      reportSizes("islands"),
    ],
  },
  {
    // The funnel's charts (uPlot, decision 0162), served under /admin/ only.
    input: "site/back-office/funnel-chart.ts",
    output: {
      file: "dist/back-office/funnel-chart.js",
      format: "iife",
      plugins: [terser({ format: { comments: false } })],
    },
    plugins: [
      rawCss(),
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      reportSizes("back-office"),
    ],
  },
  {
    // The partner portal dashboard's charts (uPlot, decision 0223), served on that page only.
    input: "site/portal/dashboard-chart.ts",
    output: {
      file: "dist/portal/dashboard-chart.js",
      format: "iife",
      plugins: [terser({ format: { comments: false } })],
    },
    plugins: [
      rawCss(),
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      reportSizes("portal"),
    ],
  },
  {
    // The lender form's live preview (decision 0142): no library, served under /admin/ only.
    input: "site/back-office/lender-preview.ts",
    output: {
      file: "dist/back-office/lender-preview.js",
      format: "iife",
      plugins: [terser({ format: { comments: false } })],
    },
    plugins: [
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      reportSizes("back-office"),
    ],
  },
  {
    // The partner portal's widget and link builder (decision 0230): no library, served on its page only.
    input: "site/portal/widget-builder.ts",
    output: {
      file: "dist/portal/widget-builder.js",
      format: "iife",
      plugins: [terser({ format: { comments: false } })],
    },
    plugins: [
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      reportSizes("portal"),
    ],
  },
  {
    // A partner's React app for examples/react-host.html; not part of the product.
    input: "examples/react-host/app.tsx",
    output: { file: "dist/examples/react-host.js", format: "es" },
    plugins: [
      productionReact(),
      nodeResolve({ browser: true, extensions }),
      commonjs(),
      typescriptPlugin({ sourceMap: false }),
    ],
  },
  {
    input: "server/main.ts",
    // Chunks, so that server/start.ts (and React with it) loads after main.ts set NODE_ENV.
    output: {
      dir: "dist/server",
      entryFileNames: "main.js",
      chunkFileNames: "[name]-[hash].js",
      format: "es",
      sourcemap: true,
    },
    external: isBareImport,
    plugins: [
      cleanOutput("dist/server"),
      rawCss(),
      siteContent(),
      json({ preferConst: true }),
      nodeResolve({ extensions }),
      typescriptPlugin({ sourceMap: true }),
    ],
  },
  partnerTool,
  lendersTool,
  sandboxTool,
  staffTool,
  dashboardBench,
];
