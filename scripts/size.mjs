/**
 * `npm run size`: what a partner's page downloads of the widget, as shipped
 * (elements by r2wc, React aliased to @preact/compat: decision 0331): the
 * script, each language's catalogue it loads (decision 0303; a page loads the
 * script and the catalogue of each language it shows), and the script with
 * each one. Then, in the same run, the same source built with React 19, with
 * the ratio. Figures are bytes of the minified files, gzip -9 and brotli at
 * quality 11, as the server sends them (decision 0302) and as
 * tests/e2e/widget-size.test.ts measures them; nothing is written to dist/.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import commonjs from "@rollup/plugin-commonjs";
import { rollup } from "rollup";
import config from "../rollup.config.mjs";

// The config is a function of the command line (the tools build alone); no flags: every build.
const widget = config({})[0];
const minify = widget.output.plugins;
const keep = (names) => widget.plugins.filter((plugin) => !names.includes(plugin.name));

const sizes = (code) => ({
  raw: code.length,
  gzip: gzipSync(code, { level: 9 }).length,
  brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** The script's sizes, and each catalogue's by its file name. */
async function build(plugins) {
  const bundle = await rollup({ input: widget.input, plugins, onwarn: () => {} });
  const { output } = await bundle.generate({ format: "iife", plugins: minify });
  await bundle.close();
  const catalogs = output
    .filter(
      (file) => file.type === "asset" && /^messages-\w+-[0-9a-f]{8}\.json$/.test(file.fileName),
    )
    .map((file) => [file.fileName, sizes(Buffer.from(file.source))]);
  return { script: sizes(Buffer.from(output[0].code)), catalogs };
}

const shipped = await build(keep(["report-sizes", "pinned-widget"]));
// React 19: no aliases, and CommonJS support for react-dom.
const react = await build([...keep(["report-sizes", "pinned-widget", "alias"]), commonjs()]);

const cell = (value) => String(value).padStart(10);
const row = (name, size) =>
  `${name.padEnd(34)}${cell(size.raw)}${cell(size.gzip)}${cell(size.brotli)}`;
const sum = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });

console.log(`${"widget (bytes)".padEnd(34)}${cell("raw")}${cell("gzip")}${cell("brotli")}`);
console.log(row("loan-widget.js (r2wc, compat)", shipped.script));
for (const [name, size] of shipped.catalogs) console.log(row(name, size));
for (const [name, size] of shipped.catalogs) {
  const locale = name.split("-")[1];
  console.log(row(`script + ${locale} catalogue`, sum(shipped.script, size)));
}
console.log(row("loan-widget.js on React 19", react.script));
console.log(
  `${"React 19 / compat".padEnd(34)}${["raw", "gzip", "brotli"].map((key) => cell((react.script[key] / shipped.script[key]).toFixed(2))).join("")}`,
);
