import type {
  ArticleFrontMatter,
  DocumentFrontMatter,
  PageFrontMatter,
} from "../../core/domain/schemas/content";
import type { Locale } from "../../core/locale";

export interface ContentHeading {
  id: string;
  level: number;
  text: string;
}

/** One Markdown file, rendered at build time (site/content/load.mjs). */
export interface RenderedContent<Meta> {
  slug: string;
  meta: Meta;
  html: string;
  headings: ContentHeading[];
  words: number;
  minutes: number;
}

export type Article = RenderedContent<ArticleFrontMatter>;
export type ContentDocument = RenderedContent<DocumentFrontMatter>;
export type ContentPage = RenderedContent<PageFrontMatter>;

export interface SiteContent {
  articles: Record<Locale, Article[]>;
  documents: Record<Locale, ContentDocument[]>;
  pages: Record<Locale, ContentPage[]>;
}
