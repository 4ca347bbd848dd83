import { z } from "zod";
import { normalizeSriLankanMobile } from "../phone";
import { UNSUBSCRIBE_ERRORS } from "../unsubscribe-errors";

export { UNSUBSCRIBE_ERRORS };

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((text) => text.trim())
    .optional()
    .transform((text) => (text ? text : undefined));

/**
 * A personal-data deletion request (SPEC §2 "Unsubscribe"): an e-mail, a
 * phone, or both. E-mails are compared in lower case, phones as E.164.
 */
export const unsubscribeRequestSchema = z
  .strictObject({
    email: optionalText(254).pipe(
      z
        .email(UNSUBSCRIBE_ERRORS.email)
        .transform((email) => email.toLowerCase())
        .optional(),
    ),
    phone: optionalText(40).transform((phone, context) => {
      if (phone === undefined) return undefined;
      const normalized = normalizeSriLankanMobile(phone);
      if (!normalized) {
        context.addIssue({ code: "custom", message: UNSUBSCRIBE_ERRORS.phone });
        return z.NEVER;
      }
      return normalized;
    }),
  })
  .refine((request) => request.email !== undefined || request.phone !== undefined, {
    message: UNSUBSCRIBE_ERRORS.missing,
    path: ["email"],
  });

export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;
