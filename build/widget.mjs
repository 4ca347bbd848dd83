/**
 * The widget (DESIGN "Builds"): one IIFE for partners' pages, its elements
 * made by r2wc and React aliased to preact/compat (decision 0331); its copy
 * in one catalog file per locale (decision 0303), and a pinned copy with its
 * SRI hash. scripts/size.mjs takes this bundle's plugins by name.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import alias from "@rollup/plugin-alias";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { extensions, productionReact, rawCss, reportSizes, typescriptPlugin } from "./shared.mjs";

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

export const widgetBuild = {
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
};
