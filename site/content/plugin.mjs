/**
 * Provides "virtual:site-content" (every article and document, rendered)
 * to rollup and to vitest, which takes the same plugin shape.
 */
import path from "node:path";
import { contentFiles, loadSiteContent } from "./load.mjs";

const ID = "virtual:site-content";
const RESOLVED = `\0${ID}`;

export function siteContent(root = path.resolve("site/content")) {
  return {
    name: "site-content",
    resolveId(source) {
      return source === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      for (const { file } of contentFiles(root)) this.addWatchFile(file);
      return `export default ${JSON.stringify(loadSiteContent(root))};`;
    },
  };
}
