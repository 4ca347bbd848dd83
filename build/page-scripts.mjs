/**
 * The signed-in areas' own page scripts, each an IIFE built alone and served
 * on its page only, and a partner's React app for examples/react-host.html.
 */
import commonjs from "@rollup/plugin-commonjs";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { extensions, productionReact, rawCss, reportSizes, typescriptPlugin } from "./shared.mjs";

/** One page's script: `css` when it imports a stylesheet `?raw` (uPlot's). */
function pageScript(input, file, label, { css = false } = {}) {
  return {
    input,
    output: { file, format: "iife", plugins: [terser({ format: { comments: false } })] },
    plugins: [
      ...(css ? [rawCss()] : []),
      nodeResolve({ browser: true, extensions }),
      typescriptPlugin({ sourceMap: false }),
      reportSizes(label),
    ],
  };
}

export const pageScriptBuilds = [
  // The funnel's charts (uPlot, decision 0162), served under /admin/ only.
  pageScript(
    "site/back-office/funnel-chart.ts",
    "dist/back-office/funnel-chart.js",
    "back-office",
    {
      css: true,
    },
  ),
  // The partner portal dashboard's charts (uPlot, decision 0223), served on that page only.
  pageScript("site/portal/dashboard-chart.ts", "dist/portal/dashboard-chart.js", "portal", {
    css: true,
  }),
  // The lender form's live preview (decision 0142): no library, served under /admin/ only.
  pageScript(
    "site/back-office/lender-preview.ts",
    "dist/back-office/lender-preview.js",
    "back-office",
  ),
  // The partner portal's widget and link builder (decision 0230): no library, served on its page only.
  pageScript("site/portal/widget-builder.ts", "dist/portal/widget-builder.js", "portal"),
];

/** A partner's React app for examples/react-host.html; not part of the product. */
export const exampleBuild = {
  input: "examples/react-host/app.tsx",
  output: { file: "dist/examples/react-host.js", format: "es" },
  plugins: [
    productionReact(),
    nodeResolve({ browser: true, extensions }),
    commonjs(),
    typescriptPlugin({ sourceMap: false }),
  ],
};
