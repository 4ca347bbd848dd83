import { messageKey } from "./api-error";

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
export const REVIEW_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

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

/** The first bytes each accepted format starts with (WebP: "RIFF", 4 bytes of size, "WEBP"). */
function sniff(bytes: Uint8Array): ReviewImageType | undefined {
  const starts = (offset: number, ...expected: number[]) =>
    expected.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return undefined;
}

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A review photo sent as a data URL: its type and bytes when the URL is a
 * JPEG, PNG or WebP of up to REVIEW_IMAGE_MAX_BYTES whose content really is
 * that format (a script renamed .png is refused), or undefined.
 */
export function parseReviewImage(
  dataUrl: string,
): { contentType: ReviewImageType; bytes: Uint8Array } | undefined {
  const match = DATA_URL.exec(dataUrl);
  const declared = match?.[1];
  const base64 = match?.[2];
  if (!declared || !base64) return undefined;
  if ((base64.length * 3) / 4 > REVIEW_IMAGE_MAX_BYTES + 3) return undefined;
  const binary = atob(base64);
  if (binary.length > REVIEW_IMAGE_MAX_BYTES) return undefined;
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const contentType = sniff(bytes);
  return contentType === declared ? { contentType, bytes } : undefined;
}
