/**
 * `npm run size`: the widget bundle's size as shipped (React aliased to
 * preact, decision 0210) and, in the same run, the same source built with React 19,
 * with their ratio. Figures are bytes of the minified bundle, gzip -9 and
 * brotli at quality 11, as the server sends the widget (decision 0302) and
 * as tests/e2e/widget-size.test.ts measures it; nothing is written to dist/.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import commonjs from "@rollup/plugin-commonjs";
import { rollup } from "rollup";
import config from "../rollup.config.mjs";

// The config is a function of the command line (the tools build alone); no flags: every build.
const widget = config({})[0];
const minify = widget.output.plugins;
const keep = (names) => widget.plugins.filter((plugin) => !names.includes(plugin.name));

async function build(plugins) {
  const bundle = await rollup({ input: widget.input, plugins, onwarn: () => {} });
  const { output } = await bundle.generate({ format: "iife", plugins: minify });
  await bundle.close();
  const code = Buffer.from(output[0].code);
  return {
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const preact = await build(keep(["report-sizes", "pinned-widget"]));
// React 19: no aliases, and CommonJS support for react-dom.
const react = await build([...keep(["report-sizes", "pinned-widget", "alias"]), commonjs()]);

const row = (name, size) =>
  `${name.padEnd(26)}${String(size.raw).padStart(10)}${String(size.gzip).padStart(10)}${String(size.brotli).padStart(10)}`;
console.log(
  `${"widget bundle".padEnd(26)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}   (bytes)`,
);
console.log(row("preact (shipped)", preact));
console.log(row("React 19", react));
console.log(
  `${"React / preact".padEnd(26)}${(react.raw / preact.raw).toFixed(2).padStart(10)}${(react.gzip / preact.gzip).toFixed(2).padStart(10)}${(react.brotli / preact.brotli).toFixed(2).padStart(10)}`,
);
