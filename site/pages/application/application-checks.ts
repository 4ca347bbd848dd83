import { applicationFields, applicationSchema } from "../../../core/domain/schemas/application";
import type { CalendarDate } from "../../../core/helpers/dates";
import {
  APPLICATION_STEPS,
  type ApplicationFormValues,
  applicationRequestBody,
  type ConsentName,
  type FieldErrors,
  type FieldPath,
  fieldErrorsOf,
} from "./application-form";

/**
 * The application form's checks, with the server's own schema
 * (core/domain/schemas/application.ts), so both say the same thing. The page loads
 * this module (and zod with it) after hydration, in a chunk of its own:
 * the site's other pages do not carry the schema, and the form works while
 * it arrives (a check waits for it).
 */

/**
 * The body as the schema should see it for the form's messages: an empty
 * text is a missing field, so that it says "required" rather than the
 * field's format message. Only a body with no problem is ever sent.
 */
function bodyToCheck(values: ApplicationFormValues) {
  return Object.fromEntries(
    Object.entries(applicationRequestBody(values, {})).filter(([, value]) => value !== ""),
  );
}

/**
 * Every problem of the whole application as of a day, with the NIC checked
 * against the birth date and the age. Issues on no field of the form (an
 * unknown key) cannot come from it and are left to the server.
 */
export function applicationProblems(
  values: ApplicationFormValues,
  today: CalendarDate,
): FieldErrors {
  const result = applicationSchema(today).safeParse(bodyToCheck(values));
  if (result.success) return {};
  return fieldErrorsOf(
    result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  );
}

/** The problems of one step of version 3: the whole schema, so the NIC is checked against the birth date there. */
export function stepProblems(
  values: ApplicationFormValues,
  today: CalendarDate,
  step: number,
): FieldErrors {
  const errors = applicationProblems(values, today);
  const fields: readonly FieldPath[] = APPLICATION_STEPS[step] ?? [];
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => fields.includes(path as FieldPath)),
  );
}

/** One field on its own, as the visitor leaves it: undefined when it is fine. */
export function fieldProblem(path: FieldPath, values: ApplicationFormValues): string | undefined {
  const body = bodyToCheck(values) as Partial<ReturnType<typeof applicationRequestBody>>;
  let result: { success: boolean; error?: { issues: readonly { message: string }[] } | undefined };
  if (path.startsWith("consents.")) {
    const name = path.slice("consents.".length) as ConsentName;
    result = applicationFields.consents.shape[name].safeParse(body.consents?.[name]);
  } else {
    const name = path as Exclude<FieldPath, `consents.${string}`>;
    result = applicationFields[name].safeParse(body[name]);
  }
  return result.success ? undefined : result.error?.issues[0]?.message;
}
