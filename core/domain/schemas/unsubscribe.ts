import { z } from "zod";
import { localeSchema } from "../../locale";
import { isErasureRequestId, typedCode } from "../erasure-code";
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
 * phone, or both. E-mails are compared in lower case, phones as E.164. The
 * language of the page that asked is the language of the codes sent (Sinhala
 * unless said). POST /api/unsubscribe.
 */
export const unsubscribeRequestSchema = z
  .strictObject({
    locale: localeSchema.optional(),
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

/**
 * The second step: the request's id and one of its codes, which erases the
 * contact it was sent to (decision 0090). POST /api/unsubscribe/confirm.
 */
export const unsubscribeConfirmSchema = z.strictObject({
  requestId: z.string().refine(isErasureRequestId, "is not a request id"),
  code: z
    .string({ error: UNSUBSCRIBE_ERRORS.code })
    .max(40, UNSUBSCRIBE_ERRORS.code)
    .transform((code, context) => {
      const digits = typedCode(code);
      if (digits === undefined) {
        context.addIssue({ code: "custom", message: UNSUBSCRIBE_ERRORS.code });
        return z.NEVER;
      }
      return digits;
    }),
});

export type UnsubscribeConfirmation = z.infer<typeof unsubscribeConfirmSchema>;
