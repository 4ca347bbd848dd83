import { messageKey } from "../helpers/api-error";
import {
  parseImageDataUrl,
  UPLOADED_IMAGE_TYPES,
  type UploadedImage,
} from "../helpers/image-bytes";

/**
 * Community (issue 7): the limits of comments and reviews and what each
 * problem says, in English. The API's `fields` carry these texts; the
 * pages map them to their catalogs (`communityError:<key>`) by key.
 */
export const COMMUNITY_LIMITS = {
  name: { min: 2, max: 60 },
  email: { max: 254 },
  comment: { min: 2, max: 2_000 },
  review: { min: 10, max: 1_000 },
} as const;

/** A review's optional photo (SPEC §3 "image"): a small JPEG, PNG or WebP, sent as a data URL. */
export const REVIEW_IMAGE_MAX_BYTES = 200_000;
export const REVIEW_IMAGE_TYPES = UPLOADED_IMAGE_TYPES;

export const COMMUNITY_ERRORS = {
  required: "This field is required",
  name: "Enter your name (2 to 60 characters)",
  email: "Enter a valid email address",
  comment: "Write a comment of 2 to 2,000 characters",
  review: "Write a review of 10 to 1,000 characters",
  rating: "Choose from 1 to 5 stars",
  article: "There is no such article",
  parent: "The comment you answer is not available",
  locale: "Unknown language",
  image: "Choose a JPEG, PNG or WebP image of up to 200 KB",
} as const;
export type CommunityErrorKey = keyof typeof COMMUNITY_ERRORS;

/** The key of an English error text, for showing it in the visitor's language. */
export function communityErrorKey(message: string): CommunityErrorKey | undefined {
  return messageKey(COMMUNITY_ERRORS, message);
}

/**
 * The honeypot: a field people never see (hidden from sight and from
 * assistive technology) that form-filling robots do fill. A write with it
 * set is answered as accepted and stored nowhere.
 */
export const HONEYPOT_FIELD = "website";

export type ReviewImageType = (typeof REVIEW_IMAGE_TYPES)[number];

/**
 * A review photo sent as a data URL: its type and bytes when the URL is a
 * JPEG, PNG or WebP of up to REVIEW_IMAGE_MAX_BYTES whose content really is
 * that format (core/helpers/image-bytes.ts), or undefined.
 */
export function parseReviewImage(dataUrl: string): UploadedImage | undefined {
  return parseImageDataUrl(dataUrl, REVIEW_IMAGE_MAX_BYTES);
}
