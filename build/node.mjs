/**
 * The Node bundles: the server (ESM, with the site's server entry and content
 * inside) and the command-line tools, each of which its `npm run` builds
 * alone, in a few seconds, before each use. Packages stay external.
 */
import json from "@rollup/plugin-json";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { siteContent } from "../site/content/plugin.mjs";
import { cleanOutput, extensions, isBareImport, rawCss, typescriptPlugin } from "./shared.mjs";

/** One tool's single file; `withJson` when its code imports JSON. */
function tool(input, file, { withJson = false, sourceMap = true } = {}) {
  return {
    input,
    output: { file, format: "es", sourcemap: sourceMap },
    external: isBareImport,
    plugins: [
      ...(withJson ? [json({ preferConst: true })] : []),
      nodeResolve({ extensions }),
      typescriptPlugin({ sourceMap }),
    ],
  };
}

/** `npm run partner`: the partner tool, without React or the site. */
export const partnerTool = tool("server/partners/cli-main.ts", "dist/partner/partner.js");

/** `npm run lenders`: the lenders tool (import, export, list, live, pause). */
export const lendersTool = tool("server/lenders/cli-main.ts", "dist/lenders/lenders.js", {
  withJson: true,
});

/** `npm run outbox`: prints the local outbox of messages. */
export const outboxTool = tool("server/messaging/outbox-main.ts", "dist/outbox/outbox.js", {
  sourceMap: false,
});

/** `npm run staff`: back-office accounts (issue 16), without React or the site. */
export const staffTool = tool("server/staff/cli-main.ts", "dist/staff/staff.js");

/** What `npm run bench` seeds and times of the dashboard (issue 16), without React or the site. */
export const dashboardBench = tool("server/funnel/bench-library.ts", "dist/bench/funnel.js", {
  withJson: true,
  sourceMap: false,
});

/** What `npm run bench` seeds and times of approval odds (issue 36), without React or the site. */
export const oddsBench = tool("server/offers/odds-bench-library.ts", "dist/bench/odds.js", {
  withJson: true,
  sourceMap: false,
});

/**
 * `npm run sandbox`: the simulated lenders (issue 15), and library.js, what
 * scripts (the benchmark, the demo) take from them. Without React or the site.
 */
export const sandboxTool = {
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

export const serverBuild = {
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
};
