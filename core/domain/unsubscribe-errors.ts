/**
 * SPEC §5's messages for the deletion request (and its code step), kept apart from the zod
 * schema so that the browser can map them to its language without zod.
 */
export const UNSUBSCRIBE_ERRORS = {
  email: "Enter a valid email address",
  phone: "Enter a valid phone number",
  missing: "Enter your email address or your phone number",
  /** The code step (issue 14). */
  code: "Enter the 6-digit code from the message",
  wrongCode: "That code is not right",
} as const;
