import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ARTICLE_SLUGS,
  articleFrontMatterSchema,
  DOCUMENT_SLUGS,
  documentFrontMatterSchema,
  PAGE_SLUGS,
  pageFrontMatterSchema,
} from "../../core/domain/schemas/content";
import { ALL_LOCALES, type ByLocale } from "../../core/locale";
import { linkKind, renderMarkdown, splitFrontMatter } from "./pipeline.mjs";

/**
 * Every article and document exists in all three languages, with valid front
 * matter, enough substance, a table of contents and only safe links.
 * Sinhala and Tamil run shorter in words than English for the same text.
 */
const MIN_WORDS: ByLocale<number> = { en: 600, si: 450, ta: 450 };

function read(kind: "blog" | "documents" | "pages", locale: string, slug: string) {
  const file = path.join("site/content", kind, locale, `${slug}.md`);
  expect(existsSync(file), `${file} exists`).toBe(true);
  return splitFrontMatter(readFileSync(file, "utf8"));
}

function markdownLinks(body: string): string[] {
  return [...body.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");
}

describe.each(ARTICLE_SLUGS)("article %s", (slug) => {
  it("exists in all three languages with the same dates, tags and sources", () => {
    const versions = ALL_LOCALES.map((locale) => {
      const { data } = read("blog", locale, slug);
      const result = articleFrontMatterSchema.safeParse(data);
      expect(result.error?.issues ?? [], `${locale}/${slug}`).toEqual([]);
      return result.data;
    });
    const [en, ...others] = versions;
    for (const other of others) {
      expect(other?.written).toBe(en?.written);
      expect(other?.edited).toBe(en?.edited);
      expect(other?.tags).toEqual(en?.tags);
      expect(other?.sources.map((source) => source.url)).toEqual(
        en?.sources.map((source) => source.url),
      );
    }
    for (const source of en?.sources ?? [])
      expect(linkKind(source.url), source.url).toBe("external");
  });

  it.each(ALL_LOCALES)("is substantial, structured and links safely (%s)", (locale) => {
    const { body } = read("blog", locale, slug);
    const { words, headings } = renderMarkdown(body);
    expect(words).toBeGreaterThanOrEqual(MIN_WORDS[locale]);
    expect(headings.filter((heading) => heading.level === 2).length).toBeGreaterThanOrEqual(4);
    for (const href of markdownLinks(body)) expect(linkKind(href), href).not.toBe("blocked");
    if (locale === "si") expect(body).toMatch(/[\u0D80-\u0DFF]/);
    if (locale === "ta") expect(body).toMatch(/[\u0B80-\u0BFF]/);
  });
});

describe.each(DOCUMENT_SLUGS)("document %s", (slug) => {
  it.each(ALL_LOCALES)("exists with valid front matter, sections and safe links (%s)", (locale) => {
    const { data, body } = read("documents", locale, slug);
    const result = documentFrontMatterSchema.safeParse(data);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(renderMarkdown(body).headings.length).toBeGreaterThanOrEqual(3);
    for (const href of markdownLinks(body)) expect(linkKind(href), href).not.toBe("blocked");
  });
});

describe.each(PAGE_SLUGS)("page %s", (slug) => {
  it.each(ALL_LOCALES)("exists with valid front matter, sections and safe links (%s)", (locale) => {
    const { data, body } = read("pages", locale, slug);
    const result = pageFrontMatterSchema.safeParse(data);
    expect(result.error?.issues ?? []).toEqual([]);
    const { headings, words } = renderMarkdown(body);
    expect(headings.length).toBeGreaterThanOrEqual(3);
    expect(words).toBeGreaterThanOrEqual(150);
    for (const href of markdownLinks(body)) expect(linkKind(href), href).not.toBe("blocked");
    // English pages link to English pages, Tamil ones to Tamil ones, Sinhala ones to Sinhala ones.
    for (const href of markdownLinks(body).filter((link) => link.startsWith("/"))) {
      expect(href.startsWith("/en/"), href).toBe(locale === "en");
      expect(href.startsWith("/ta/"), href).toBe(locale === "ta");
    }
  });
});

it("explains how it works in three steps", () => {
  for (const locale of ALL_LOCALES) {
    const { headings } = renderMarkdown(read("pages", locale, "how").body);
    expect(headings.filter((heading) => /^[1-3]\./.test(heading.text)).length, locale).toBe(3);
  }
});

it("names the data protection rights of the PDPA in the privacy policy", () => {
  const { body } = read("documents", "en", "privacy-policy");
  for (const right of ["access", "correct", "eras", "withdraw"]) {
    expect(body.toLowerCase()).toContain(right);
  }
  expect(body).toContain("No. 9 of 2022");
});
