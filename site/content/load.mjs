/**
 * Build time: reads every Markdown file of site/content and renders it
 * (pipeline.mjs). The rollup and vitest plugin (plugin.mjs) turns the result
 * into the module "virtual:site-content" for the server's render.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ALL_LOCALES } from "../../core/locale.ts";
import { readingMinutes, renderMarkdown, splitFrontMatter } from "./pipeline.mjs";

/** @param {string} root */
export function contentFiles(root) {
  // Every locale of core/locale.ts is a folder of every kind: one missing fails the build.
  return ["blog", "documents", "pages"].flatMap((kind) =>
    ALL_LOCALES.flatMap((locale) => {
      const dir = path.join(root, kind, locale);
      return readdirSync(dir)
        .filter((name) => name.endsWith(".md"))
        .map((name) => ({ kind, locale, slug: name.slice(0, -3), file: path.join(dir, name) }));
    }),
  );
}

/** @param {string} root */
export function loadSiteContent(root) {
  /** @returns {Record<string, unknown[]>} */
  const none = () => Object.fromEntries(ALL_LOCALES.map((locale) => [locale, []]));
  /** @type {Record<string, Record<string, unknown[]>>} */
  const content = { articles: none(), documents: none(), pages: none() };
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
