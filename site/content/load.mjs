/**
 * Build time: reads every Markdown file of site/content and renders it
 * (pipeline.mjs). The rollup and vitest plugin (plugin.mjs) turns the result
 * into the module "virtual:site-content" for the server's render.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readingMinutes, renderMarkdown, splitFrontMatter } from "./pipeline.mjs";

/** The locales of core/locale.ts (issue 20: Tamil too), each a folder of every kind. */
const LOCALES = ["si", "en", "ta"];

/** @param {string} root */
export function contentFiles(root) {
  return ["blog", "documents", "pages"].flatMap((kind) =>
    LOCALES.flatMap((locale) => {
      const dir = path.join(root, kind, locale);
      return readdirSync(dir)
        .filter((name) => name.endsWith(".md"))
        .map((name) => ({ kind, locale, slug: name.slice(0, -3), file: path.join(dir, name) }));
    }),
  );
}

/** @param {string} root */
export function loadSiteContent(root) {
  /** @type {Record<string, Record<string, unknown[]>>} */
  const content = {
    articles: { si: [], en: [], ta: [] },
    documents: { si: [], en: [], ta: [] },
    pages: { si: [], en: [], ta: [] },
  };
  const collection = { blog: "articles", documents: "documents", pages: "pages" };
  for (const { kind, locale, slug, file } of contentFiles(root)) {
    const { data, body } = splitFrontMatter(readFileSync(file, "utf8"));
    if (typeof data !== "object" || data === null) throw new Error(`${file}: no front matter`);
    const { html, headings, words } = renderMarkdown(body);
    const entry = { slug, meta: data, html, headings, words, minutes: readingMinutes(words) };
    content[collection[kind]][locale].push(entry);
  }
  return content;
}
