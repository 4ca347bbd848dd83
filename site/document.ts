import { escapeHtml } from "../core/helpers/html";
import { LOCALES, type Locale } from "../core/locale";
import type { AssetManifest, RuntimeConfig } from "../core/views/site-contract";

export interface DocumentParts {
  locale: Locale;
  /** Title, meta and link tags, already escaped (site/seo.ts). */
  headHtml: string;
  bodyHtml: string;
  /** Serialised for the client to hydrate with; omitted for static pages. */
  state?: unknown;
  assets: AssetManifest;
  /** The page's islands' script (decision 0271), when the build has it; else the app's. */
  islands?: string | undefined;
  runtime?: RuntimeConfig | undefined;
}

/**
 * The page's module scripts: its islands' entry and what that imports, or the app's entries;
 * then its locale's catalog chunk (decision 0326), preloaded so that it costs no round trip.
 */
function scriptTags(assets: AssetManifest, islands: string | undefined, locale: Locale): string {
  const [entry, ...imports] = (islands && assets.islands?.[islands]) || [];
  const scripts = entry ? [entry] : assets.scripts;
  const ownCatalogs = islands ? assets.entryCatalogs?.[islands] : undefined;
  const catalogs =
    (entry ? (ownCatalogs ?? assets.islandCatalogs) : assets.catalogs)?.[locale] ?? [];
  const preloads = [...new Set([...imports, ...catalogs])].filter((src) => !scripts.includes(src));
  return [
    ...scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    ...preloads.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`),
  ].join("");
}

/**
 * JSON that is safe inside a <script> element: no "</script>", no "<!--",
 * and no U+2028/U+2029, which older parsers treat as line ends.
 */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderDocument(parts: DocumentParts): string {
  const { locale, headHtml, bodyHtml, state, assets, islands, runtime } = parts;
  const styles = assets.styles
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  const scripts = state === undefined ? "" : scriptTags(assets, islands, locale);
  const stateScript =
    state === undefined
      ? ""
      : `<script type="application/json" id="app-state">${serializeState(state)}</script>${
          runtime
            ? `<script type="application/json" id="runtime-config">${serializeState(runtime)}</script>`
            : ""
        }`;
  // Left to right is the default: only a right-to-left language's pages say their direction.
  const dir = LOCALES[locale].dir === "ltr" ? "" : ` dir="${LOCALES[locale].dir}"`;
  return `<!doctype html><html lang="${locale}"${dir}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="build-id" content="${escapeHtml(assets.buildId)}">${headHtml}<link rel="icon" href="/favicon.svg" type="image/svg+xml">${styles}${scripts}</head><body><div id="root">${bodyHtml}</div>${stateScript}</body></html>`;
}
