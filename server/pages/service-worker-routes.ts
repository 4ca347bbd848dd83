import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Router } from "express";
import { ALL_LOCALES, localizePath } from "../../core/locale";
import type { AssetManifest } from "../../core/views/site-contract";

/** The offline page's address without its language's prefix (site/pages/offline/). */
export const OFFLINE_PATH = "/offline/";

/**
 * What the service worker is told about the build it belongs to (decision 0480): its id (the
 * cache's name), every file of it under /assets/ (what a new worker may keep from an older
 * one's cache), each language's offline page, and what it keeps at install: those pages and
 * the stylesheet, all they need (they have no script).
 */
export function serviceWorkerBuild(assets: AssetManifest, files: readonly string[]) {
  const offline = Object.fromEntries(
    ALL_LOCALES.map((locale) => [locale, localizePath(locale, OFFLINE_PATH)]),
  );
  return {
    id: assets.buildId,
    files,
    offline,
    precache: [...Object.values(offline), ...assets.styles],
  };
}

/**
 * GET /sw.js (issue 37): site/public/sw.js with `self.BUILD` in front, so the worker's bytes
 * change with every build and browsers install the new one. Never cached for long: a browser
 * revalidates it at each check (no-cache). Its scope is the root, where it is served.
 */
export function serviceWorkerRouter(distDir: string, assets: AssetManifest): Router {
  const router = Router();
  const source = path.join(distDir, "site", "public", "sw.js");
  const assetsDir = path.join(distDir, "site", "assets");
  if (!existsSync(source)) return router;
  const files = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((name) => !/\.(br|gz)$/.test(name))
        .map((name) => `/assets/${name}`)
    : [];
  const body = `self.BUILD = ${JSON.stringify(serviceWorkerBuild(assets, files))};\n${readFileSync(source, "utf8")}`;
  router.get("/sw.js", (_req, res) => {
    res.type("text/javascript").setHeader("Cache-Control", "no-cache");
    res.send(body);
  });
  return router;
}
