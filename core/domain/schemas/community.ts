import { z } from "zod";
import { localeSchema } from "../../locale";
import {
  COMMUNITY_ERRORS,
  COMMUNITY_LIMITS,
  HONEYPOT_FIELD,
  parseReviewImage,
  REVIEW_IMAGE_MAX_BYTES,
} from "../community";
import { ARTICLE_SLUGS } from "./content";

/** Trimmed text with inner runs of white space kept (a comment's paragraphs stay). */
const text = (min: number, max: number, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? COMMUNITY_ERRORS.required : message) })
    .max(max * 2, message)
    .transform((value) => value.trim())
    .pipe(z.string().min(min, message).max(max, message));

const NAME = text(COMMUNITY_LIMITS.name.min, COMMUNITY_LIMITS.name.max, COMMUNITY_ERRORS.name)
  // One line: a name with line breaks is a layout attack, not a name.
  .pipe(z.string().regex(/^[^\r\n\t]*$/, COMMUNITY_ERRORS.name));

const LOCALE = z.enum(localeSchema.options, { error: COMMUNITY_ERRORS.locale });

/**
 * The author's e-mail, in lower case: never shown on the site, only to moderators; an
 * erasure request for it deletes what was written with it (decision 0092).
 */
const EMAIL = z
  .string({ error: COMMUNITY_ERRORS.email })
  .max(COMMUNITY_LIMITS.email.max, COMMUNITY_ERRORS.email)
  .transform((email) => email.trim().toLowerCase())
  .pipe(z.email(COMMUNITY_ERRORS.email));

/** The honeypot: present in our forms, empty unless a robot filled it. */
const HONEYPOT = z.string().max(500).optional();

/** POST /api/comments. parentId is checked against storage by the service. */
export const commentRequestSchema = z.strictObject({
  slug: z.enum(ARTICLE_SLUGS, { error: COMMUNITY_ERRORS.article }),
  locale: LOCALE,
  name: NAME,
  email: EMAIL,
  text: text(COMMUNITY_LIMITS.comment.min, COMMUNITY_LIMITS.comment.max, COMMUNITY_ERRORS.comment),
  parentId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/, COMMUNITY_ERRORS.parent)
    .optional(),
  [HONEYPOT_FIELD]: HONEYPOT,
});
export type CommentRequest = z.infer<typeof commentRequestSchema>;

const RATING = z
  .number({ error: COMMUNITY_ERRORS.rating })
  .int(COMMUNITY_ERRORS.rating)
  .min(1, COMMUNITY_ERRORS.rating)
  .max(5, COMMUNITY_ERRORS.rating);

/**
 * POST /api/reviews; the e-mail is required, as a comment's is (decision 0092); the optional
 * photo is a data URL, checked to be the image it says.
 */
export const reviewRequestSchema = z.strictObject({
  locale: LOCALE,
  name: NAME,
  email: EMAIL,
  text: text(COMMUNITY_LIMITS.review.min, COMMUNITY_LIMITS.review.max, COMMUNITY_ERRORS.review),
  rating: RATING,
  image: z
    .string({ error: COMMUNITY_ERRORS.image })
    .max(Math.ceil((REVIEW_IMAGE_MAX_BYTES * 4) / 3) + 40, COMMUNITY_ERRORS.image)
    .transform((dataUrl, context) => {
      const image = parseReviewImage(dataUrl);
      if (!image) {
        context.addIssue({ code: "custom", message: COMMUNITY_ERRORS.image });
        return z.NEVER;
      }
      return image;
    })
    .optional(),
  [HONEYPOT_FIELD]: HONEYPOT,
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** POST /api/articles/{slug}/rating. */
export const ratingRequestSchema = z.strictObject({ rating: RATING });
