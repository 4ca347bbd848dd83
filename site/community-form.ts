/**
 * What the comment and review forms check before sending (the server's
 * rules, for an instant answer) and the bodies they send. Loaded with the
 * forms, after hydration.
 */
import {
  COMMUNITY_LIMITS,
  type CommunityErrorKey,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_IMAGE_TYPES,
} from "../core/domain/community";
import type { Locale } from "../core/locale";
import type { CommunityFieldErrors } from "./community";

export interface CommentValues {
  name: string;
  email: string;
  text: string;
  /** The honeypot: people leave it empty. */
  website: string;
}

export interface ReviewValues {
  name: string;
  /** Never shown on the site; an erasure request for it deletes the review. */
  email: string;
  text: string;
  rating: number;
  website: string;
  /** The photo as a data URL, when the visitor chose one. */
  image?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function lengthProblem(
  value: string,
  { min, max }: { min: number; max: number },
  key: CommunityErrorKey,
): CommunityErrorKey | undefined {
  const length = value.trim().length;
  if (length === 0) return "required";
  return length < min || length > max ? key : undefined;
}

function withoutEmpty(errors: CommunityFieldErrors): CommunityFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined));
}

/** The server's rules, checked first in the browser for an instant answer. */
function emailProblem(value: string): CommunityErrorKey | undefined {
  const email = value.trim();
  if (!email) return "required";
  return email.length > COMMUNITY_LIMITS.email.max || !EMAIL.test(email) ? "email" : undefined;
}

export function commentProblems(values: CommentValues): CommunityFieldErrors {
  return withoutEmpty({
    name: lengthProblem(values.name, COMMUNITY_LIMITS.name, "name"),
    email: emailProblem(values.email),
    text: lengthProblem(values.text, COMMUNITY_LIMITS.comment, "comment"),
  });
}

export function reviewProblems(values: ReviewValues): CommunityFieldErrors {
  return withoutEmpty({
    name: lengthProblem(values.name, COMMUNITY_LIMITS.name, "name"),
    email: emailProblem(values.email),
    rating:
      Number.isInteger(values.rating) && values.rating >= 1 && values.rating <= 5
        ? undefined
        : "rating",
    text: lengthProblem(values.text, COMMUNITY_LIMITS.review, "review"),
    image: values.image ? imageDataProblem(values.image) : undefined,
  });
}

/**
 * A chosen photo, before reading it: a JPEG, PNG or WebP (by the type the
 * browser gives it) of 1 byte to REVIEW_IMAGE_MAX_BYTES. The server looks
 * at the bytes themselves; a file that only pretends is refused there.
 */
/**
 * The largest file the form reads: the browser shrinks a photo before
 * sending it (to well under REVIEW_IMAGE_MAX_BYTES), but decoding a huge
 * file on a cheap phone would take its memory.
 */
export const PHOTO_FILE_MAX_BYTES = 20_000_000;

export function imageFileProblem(file: {
  type: string;
  size: number;
}): CommunityErrorKey | undefined {
  const known = (REVIEW_IMAGE_TYPES as readonly string[]).includes(file.type);
  return known && file.size > 0 && file.size <= PHOTO_FILE_MAX_BYTES ? undefined : "image";
}

const DATA_URL = /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The photo as read (a base64 data URL): still an accepted type, decoding to at most the limit. */
export function imageDataProblem(dataUrl: string): CommunityErrorKey | undefined {
  if (!DATA_URL.test(dataUrl)) return "image";
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding > REVIEW_IMAGE_MAX_BYTES
    ? "image"
    : undefined;
}

/** POST /api/comments: an answer carries the comment it answers. */
export function commentBody(
  slug: string,
  locale: Locale,
  values: CommentValues,
  parentId?: string,
) {
  return {
    slug,
    locale,
    name: values.name.trim(),
    email: values.email.trim(),
    text: values.text.trim(),
    ...(parentId ? { parentId } : {}),
    website: values.website,
  };
}

/** POST /api/reviews: the photo only when there is one. */
export function reviewBody(locale: Locale, values: ReviewValues) {
  return {
    locale,
    name: values.name.trim(),
    email: values.email.trim(),
    text: values.text.trim(),
    rating: values.rating,
    ...(values.image ? { image: values.image } : {}),
    website: values.website,
  };
}
