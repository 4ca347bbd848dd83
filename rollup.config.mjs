/**
 * One config, three outputs (DESIGN "Builds"), composed of the modules in build/:
 *  1. the widget (build/widget.mjs): one IIFE for partners' pages, its elements made by
 *     r2wc and React aliased to preact/compat (decision 0331);
 *  2. the site client (build/site.mjs, then build/islands.mjs): ESM chunks with hashed
 *     names, real React 19; the islands on preact; each locale's catalogs a chunk of their
 *     own (build/catalogs.mjs);
 *  3. the server (build/node.mjs): ESM for Node, with the site's server entry inside;
 * the signed-in areas' page scripts and the React example (build/page-scripts.mjs), and
 * the command-line tools (`npm run partner`, `npm run lenders`, `npm run outbox`, `npm run
 * sandbox`, `npm run staff`), which `--configPartnerTool`, `--configLendersTool`,
 * `--configOutboxTool`, `--configSandboxTool` and `--configStaffTool` build alone, in a
 * few seconds, before each use. What every bundle shares: build/shared.mjs.
 * Type checking is `npm run typecheck`'s job; the builds only transpile.
 */
import { conversionIslandsBuild, islandsBuild } from "./build/islands.mjs";
import {
  dashboardBench,
  lendersTool,
  oddsBench,
  outboxTool,
  partnerTool,
  sandboxTool,
  serverBuild,
  staffTool,
} from "./build/node.mjs";
import { exampleBuild, pageScriptBuilds } from "./build/page-scripts.mjs";
import { siteBuild } from "./build/site.mjs";
import { widgetBuild } from "./build/widget.mjs";

/** In this order: the islands write into the manifest the site's build wrote just before. */
const builds = [
  widgetBuild,
  siteBuild,
  islandsBuild,
  conversionIslandsBuild,
  ...pageScriptBuilds,
  exampleBuild,
  serverBuild,
  partnerTool,
  lendersTool,
  sandboxTool,
  staffTool,
  dashboardBench,
  oddsBench,
];

export default (commandLineArgs) => {
  if (commandLineArgs.configPartnerTool) return [partnerTool];
  if (commandLineArgs.configLendersTool) return [lendersTool];
  if (commandLineArgs.configOutboxTool) return [outboxTool];
  if (commandLineArgs.configSandboxTool) return [sandboxTool];
  if (commandLineArgs.configStaffTool) return [staffTool];
  return builds;
};
