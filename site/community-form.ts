/**
 * What the comment and review forms check before sending (the server's
 * rules, for an instant answer) and the bodies they send. Loaded with the
 * forms, after hydration.
 */
import { COMMUNITY_LIMITS, type CommunityErrorKey } from "../core/community";
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
  text: string;
  rating: number;
  website: string;
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
export function commentProblems(values: CommentValues): CommunityFieldErrors {
  const email = values.email.trim();
  return withoutEmpty({
    name: lengthProblem(values.name, COMMUNITY_LIMITS.name, "name"),
    email: !email
      ? "required"
      : email.length > COMMUNITY_LIMITS.email.max || !EMAIL.test(email)
        ? "email"
        : undefined,
    text: lengthProblem(values.text, COMMUNITY_LIMITS.comment, "comment"),
  });
}

export function reviewProblems(values: ReviewValues): CommunityFieldErrors {
  return withoutEmpty({
    name: lengthProblem(values.name, COMMUNITY_LIMITS.name, "name"),
    rating:
      Number.isInteger(values.rating) && values.rating >= 1 && values.rating <= 5
        ? undefined
        : "rating",
    text: lengthProblem(values.text, COMMUNITY_LIMITS.review, "review"),
  });
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

/** POST /api/reviews. */
export function reviewBody(locale: Locale, values: ReviewValues) {
  return {
    locale,
    name: values.name.trim(),
    text: values.text.trim(),
    rating: values.rating,
    website: values.website,
  };
}
