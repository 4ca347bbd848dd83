/**
 * What every bundle of rollup.config.mjs shares: the TypeScript transpiler
 * (type checking is `npm run typecheck`'s job), React's production switch,
 * our CSS minifier and `?raw` imports, size reports, the output cleaner, and
 * which imports stay outside a Node bundle.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import replace from "@rollup/plugin-replace";
import typescript from "@rollup/plugin-typescript";

export const extensions = [".ts", ".tsx", ".mjs", ".js"];

export const typescriptPlugin = ({ sourceMap }) =>
  typescript({
    tsconfig: "./tsconfig.json",
    compilerOptions: { noCheck: true, allowJs: false, declaration: false, sourceMap },
  });

/** Browser code is always built for production: React's dev build is large and slow. */
export const productionReact = () =>
  replace({
    preventAssignment: true,
    values: { "process.env.NODE_ENV": JSON.stringify("production") },
  });

/** Comment and whitespace removal; safe for our hand-written CSS, not a general minifier. */
export function minifyCss(css) {
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
export function rawCss() {
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

/** Prints each JavaScript and CSS file's size, raw, gzip and brotli. */
export function reportSizes(label) {
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

/** A chunk's file and every file it imports statically, in a bundle: what a page preloads. */
export function staticImportsOf(bundle) {
  const chunks = new Map(Object.values(bundle).map((chunk) => [chunk.fileName, chunk]));
  const withImports = (fileName, seen = new Set()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  return withImports;
}

/** Packages stay external to the server bundle; our files and virtual modules do not. */
export const isBareImport = (id) =>
  !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0") && !id.startsWith("virtual:");

/** Removes a build's previous output, whose hashed names would otherwise pile up. */
export function cleanOutput(dir) {
  return {
    name: "clean-output",
    buildStart() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
