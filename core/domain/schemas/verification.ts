import { z } from "zod";
import { CODE_DIGITS } from "../verification";

/**
 * The body that enters a one-time code (issue 14), on our pages and in the
 * partner API alike: the six digits as typed, nothing else.
 */
export const codeBodySchema = z.strictObject({
  code: z
    .string()
    .regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), "must be the six digits of the code we sent")
    .describe("The six-digit code the applicant received by SMS and typed in."),
});

export type CodeBody = z.output<typeof codeBodySchema>;
