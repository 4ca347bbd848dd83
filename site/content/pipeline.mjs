/**
 * Turns our Markdown content (articles, documents) into HTML at build time,
 * with markdown-it. Plain JavaScript so that rollup.config.mjs can run it
 * without a TypeScript step; types in JSDoc.
 *
 * Safety: raw HTML in Markdown is escaped, images are off, and a link is
 * kept only when it points inside the site or to an allow-listed host over
 * https; any other (javascript:, data:, blob:, vbscript:, an unknown site)
 * is rendered as its plain text.
 */
import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";

/** Other sites our content may link to: public institutions we cite. */
export const ALLOWED_EXTERNAL_HOSTS = [
  "www.cbsl.gov.lk",
  "cbsl.gov.lk",
  "www.statistics.gov.lk",
  "statistics.gov.lk",
  "www.crib.lk",
  "crib.lk",
  "www.caa.gov.lk",
  "caa.gov.lk",
  "epf.lk",
  "www.epf.lk",
  "www.treasury.gov.lk",
  "treasury.gov.lk",
  "www.dataprotection.gov.lk",
  "dataprotection.gov.lk",
];

/**
 * Where a link may go: "internal" (a path of ours or an anchor), "external"
 * (an allow-listed https site), or "blocked".
 * @param {string} href
 * @returns {"internal" | "external" | "blocked"}
 */
export function linkKind(href) {
  const link = href.trim();
  if (link.startsWith("#")) return "internal";
  if (link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\")) return "internal";
  try {
    const url = new URL(link);
    if (url.protocol === "https:" && ALLOWED_EXTERNAL_HOSTS.includes(url.hostname)) {
      return "external";
    }
  } catch {
    // Not a URL at all: neither a path nor an allowed site.
  }
  return "blocked";
}

/**
 * Splits `---` YAML front matter from the Markdown body.
 * @param {string} source
 * @returns {{ data: unknown, body: string }}
 */
export function splitFrontMatter(source) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { data: undefined, body: source };
  return { data: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
}

function createRenderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.disable("image");
  // Let every link parse; the rule below decides which stay links.
  md.validateLink = () => true;
  md.core.ruler.push("safe_links", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      const kept = [];
      const dropped = [];
      for (const token of block.children) {
        if (token.type === "link_open") {
          const kind = linkKind(token.attrGet("href") ?? "");
          dropped.push(kind === "blocked");
          if (kind === "blocked") continue;
          if (kind === "external") token.attrSet("rel", "noopener noreferrer external");
        } else if (token.type === "link_close") {
          if (dropped.pop()) continue;
        }
        kept.push(token);
      }
      block.children = kept;
    }
  });
  return md;
}

const renderer = createRenderer();

/**
 * @typedef {{ id: string, level: number, text: string }} Heading
 * @param {string} body Markdown
 * @returns {{ html: string, headings: Heading[], words: number }}
 */
export function renderMarkdown(body) {
  const env = {};
  const tokens = renderer.parse(body, env);
  /** @type {Heading[]} */
  const headings = [];
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const level = Number(token.tag.slice(1));
    // Numbered ids: stable, and as good for Sinhala headings as for English ones.
    const id = `section-${headings.length + 1}`;
    token.attrSet("id", id);
    headings.push({ id, level, text: tokens[index + 1]?.content ?? "" });
  });
  const html = renderer.renderer.render(tokens, renderer.options, env);
  return { html, headings, words: countWords(html) };
}

/** @param {string} html */
function countWords(html) {
  const text = html.replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * Whole minutes to read, at least one.
 * @param {number} words
 * @param {number} wordsPerMinute
 */
export function readingMinutes(words, wordsPerMinute = 200) {
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
