import { z } from "zod";
import { isIsoDate } from "../../helpers/dates";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A page's meta description: 20 to 160 characters as a reader counts them
 * (grapheme clusters), not UTF-16 units. A Tamil or Sinhala letter is often a
 * consonant and a vowel sign, two units for one character (decision 0305).
 */
const metaDescription = z.string().refine((text) => {
  const length = [...graphemes.segment(text)].length;
  return length >= 20 && length <= 160;
}, "A description is 20 to 160 characters");

/** The eleven articles of SPEC §2, each at /en/{slug}/, /ta/{slug}/ and, in Sinhala, at /{slug}/. */
export const ARTICLE_SLUGS = [
  "grocery-shopping-for-less-to-enjoy-more-savings",
  "how-much-emergency-savings-do-you-really-need",
  "smart-tips-to-save-money-from-your-salary",
  "balancing-money-and-love-how-can-couples-manage-their-finances",
  "important-personal-finance-tips-for-fresh-graduates-and-young-adults-in-sri-lanka",
  "are-you-ready-to-apply-for-personal-loans",
  "quick-tips-to-get-your-personal-loans-approved-without-glitches",
  "possible-scenarios-that-may-shake-the-world-economy-this-2023",
  "top-things-you-can-buy-in-a-bad-economy",
  "these-are-the-top-budgeting-mistakes-of-many-sri-lankan-youths",
  "avoid-these-mistakes-when-using-your-credit-cards-in-sri-lanka",
] as const;
export type ArticleSlug = (typeof ARTICLE_SLUGS)[number];

export const ARTICLE_TAGS = [
  "saving",
  "budgeting",
  "personal-loans",
  "credit-cards",
  "economy",
  "family-finance",
  "young-adults",
] as const;

/** The document pages of SPEC §2 (type doc). */
export const DOCUMENT_SLUGS = ["terms-and-conditions", "privacy-policy", "cookies-policy"] as const;
export type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

const isoDate = z.string().refine(isIsoDate, "must be a date as YYYY-MM-DD");

export const articleFrontMatterSchema = z
  .strictObject({
    title: z.string().min(5).max(140),
    description: metaDescription,
    author: z.string().regex(/^[a-z0-9-]+$/),
    written: isoDate,
    edited: isoDate,
    tags: z.array(z.enum(ARTICLE_TAGS)).min(1).max(3),
    sources: z
      .array(
        z.strictObject({ title: z.string().min(2).max(120), url: z.url({ protocol: /^https$/ }) }),
      )
      .min(1)
      .max(5),
  })
  .refine((article) => article.edited >= article.written, "edited must not be before written");
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

export const documentFrontMatterSchema = z.strictObject({
  title: z.string().min(3).max(140),
  description: metaDescription,
  updated: isoDate,
});
export type DocumentFrontMatter = z.infer<typeof documentFrontMatterSchema>;

/** The pages that say how we work out what we show: the offers' order, the approval odds. */
const METHOD_PAGES = ["how-we-rank", "approval-odds"] as const;
/** Static pages written as Markdown (about, how it works, process, partner programme, methods). */
export const PAGE_SLUGS = ["about", "how", "process", "partner", ...METHOD_PAGES] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export const pageFrontMatterSchema = z.strictObject({
  title: z.string().min(3).max(140),
  description: metaDescription,
});
export type PageFrontMatter = z.infer<typeof pageFrontMatterSchema>;
