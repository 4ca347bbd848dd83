import * as z from "zod/mini";
import { type CalendarDate, isIsoDate } from "../../helpers/dates";
import {
  APPLICATION_ERRORS,
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_VALUE_PATTERN,
  type AttributionField,
  DISTRICTS,
  EMPLOYMENT_TYPES,
  LOAN_PURPOSES,
  MAX_MONTHLY_INCOME,
} from "../application";
import { BANK_CODES, type BankCode } from "../banks";
import { ALL_FLOWS } from "../experiments";
import { checkApplicantNic, parseNic } from "../nic";
import { normalizeSriLankanMobile } from "../phone";
import { ACCEPTED_TERM_DAYS, LOAN_AMOUNT_LK } from "../product";

/**
 * The application (issue 5), one schema for our form in the browser and for
 * POST /api/applications (partners send the same body). Written with
 * zod/mini, which tree-shakes: the whole schema adds a few kilobytes to the
 * page, not zod's full size.
 */

type ErrorKey = keyof typeof APPLICATION_ERRORS;

/** A missing field says "required"; anything else the field's own message. */
const problem = (key: ErrorKey) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === ""
      ? APPLICATION_ERRORS.required
      : APPLICATION_ERRORS[key],
});

const choice = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  key: ErrorKey,
) => z.enum(values, problem(key));

/** Letters of any script (Sinhala, Tamil, Latin) with their marks, spaces, dots, apostrophes, hyphens. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

const AMOUNT = z
  .int(problem("amount"))
  .check(
    z.minimum(LOAN_AMOUNT_LK.min, APPLICATION_ERRORS.amount),
    z.maximum(LOAN_AMOUNT_LK.max, APPLICATION_ERRORS.amount),
  );

const TERM = z
  .int(problem("term"))
  .check(z.refine((days) => ACCEPTED_TERM_DAYS.includes(days), APPLICATION_ERRORS.term));

const FULL_NAME = z.pipe(
  z.string(problem("fullName")).check(z.maxLength(100, APPLICATION_ERRORS.fullName)),
  z.pipe(
    z.transform((name: string) => name.trim().replace(/\s+/g, " ")),
    z
      .string()
      .check(
        z.minLength(1, { error: APPLICATION_ERRORS.required, abort: true }),
        z.minLength(2, APPLICATION_ERRORS.fullName),
        z.regex(NAME, APPLICATION_ERRORS.fullName),
      ),
  ),
);

/** A readable number naming a real day; the birth date and age are checked against the whole application below. */
const NIC = z.pipe(
  z.string(problem("nic")).check(z.maxLength(20, APPLICATION_ERRORS.nic)),
  z.transform((input: string, context) => {
    const parsed = parseNic(input);
    if (parsed.ok) return parsed.nic;
    const message =
      input.trim() === ""
        ? APPLICATION_ERRORS.required
        : parsed.reason === "format"
          ? APPLICATION_ERRORS.nic
          : APPLICATION_ERRORS.nicBirthDay;
    context.issues.push({ code: "custom", message, input });
    return z.NEVER;
  }),
);

const BIRTH_DATE = z.string(problem("birthDate")).check(
  z.minLength(1, { error: APPLICATION_ERRORS.required, abort: true }),
  z.refine((text) => isIsoDate(text), APPLICATION_ERRORS.birthDate),
);

const PHONE = z.pipe(
  z.string(problem("phone")).check(z.maxLength(40, APPLICATION_ERRORS.phone)),
  z.transform((phone: string, context) => {
    const normalized = normalizeSriLankanMobile(phone);
    if (normalized) return normalized;
    context.issues.push({
      code: "custom",
      message: phone.trim() === "" ? APPLICATION_ERRORS.required : APPLICATION_ERRORS.phone,
      input: phone,
    });
    return z.NEVER;
  }),
);

const EMAIL = z.pipe(
  z.pipe(
    z.string(problem("email")).check(z.maxLength(254, APPLICATION_ERRORS.email)),
    z.transform((email: string) => email.trim().toLowerCase()),
  ),
  z.email(problem("email")),
);

const INCOME = z
  .int(problem("income"))
  .check(
    z.minimum(0, APPLICATION_ERRORS.income),
    z.maximum(MAX_MONTHLY_INCOME, APPLICATION_ERRORS.income),
  );

/** Ids and codes only: letters, digits and a few separators, never free text. */
const ATTRIBUTION_VALUE = z.optional(
  z
    .string(problem("attribution"))
    .check(z.regex(ATTRIBUTION_VALUE_PATTERN, APPLICATION_ERRORS.attribution)),
);

const attributionShape = Object.fromEntries(
  ATTRIBUTION_FIELDS.map((field) => [field, ATTRIBUTION_VALUE]),
) as Record<AttributionField, typeof ATTRIBUTION_VALUE>;

/** Each field on its own, for the form to check a field when the visitor leaves it. */
export const applicationFields = {
  amount: AMOUNT,
  term: TERM,
  purpose: choice(LOAN_PURPOSES, "purpose"),
  fullName: FULL_NAME,
  nic: NIC,
  birthDate: BIRTH_DATE,
  phone: PHONE,
  email: EMAIL,
  monthlyIncome: INCOME,
  employment: choice(EMPLOYMENT_TYPES, "employment"),
  bank: choice(BANK_CODES as readonly BankCode[] as readonly [BankCode, ...BankCode[]], "bank"),
  district: choice(DISTRICTS, "district"),
  consents: z.strictObject(
    {
      terms: z.literal(true, { error: APPLICATION_ERRORS.consentTerms }),
      shareWithLenders: z.literal(true, { error: APPLICATION_ERRORS.consentShare }),
      marketing: z.optional(z.boolean()),
    },
    { error: APPLICATION_ERRORS.consentTerms },
  ),
};

/** Beyond attribution (issue 6): SPEC §9's promo code and the experiment variant the visitor saw. */
const extrasShape = {
  promo_code: z.optional(
    z.string(problem("promoCode")).check(z.regex(/^[1-9]\d{5}$/, APPLICATION_ERRORS.promoCode)),
  ),
  experiment_flow: z.optional(
    z
      .string(problem("experimentFlow"))
      .check(z.refine((flow) => ALL_FLOWS.includes(flow), APPLICATION_ERRORS.experimentFlow)),
  ),
};

const applicationShape = z.strictObject({
  ...applicationFields,
  ...attributionShape,
  ...extrasShape,
});

let lastSchema: { today: CalendarDate; schema: ReturnType<typeof schemaOn> } | undefined;

/**
 * The whole application as of a day (Colombo's date, see colomboToday): the
 * NIC must decode to the birth date given, and the applicant must be 18 to
 * 70 on that day. Problems are reported on the field to correct.
 */
export function applicationSchema(today: CalendarDate) {
  // One schema a day, not one per request (or per keystroke in the form).
  if (lastSchema?.today === today) return lastSchema.schema;
  const schema = schemaOn(today);
  lastSchema = { today, schema };
  return schema;
}

function schemaOn(today: CalendarDate) {
  return applicationShape.check(
    z.superRefine(
      (application, context) => {
        const check = checkApplicantNic(
          application.nic,
          application.birthDate as CalendarDate,
          today,
        );
        if (check.ok) return;
        const [path, message] = (
          {
            format: ["nic", APPLICATION_ERRORS.nic],
            invalid_birth_day: ["nic", APPLICATION_ERRORS.nicBirthDay],
            birth_date_mismatch: ["nic", APPLICATION_ERRORS.nicMismatch],
            too_young: ["birthDate", APPLICATION_ERRORS.tooYoung],
            too_old: ["birthDate", APPLICATION_ERRORS.tooOld],
          } as const
        )[check.reason];
        context.issues.push({ code: "custom", path: [path], message, input: application });
      },
      {
        // Also when other fields are wrong, so that every problem shows at once;
        // but only with a readable NIC and birth date to compare.
        when: (payload) =>
          typeof payload.value === "object" &&
          payload.value !== null &&
          !Array.isArray(payload.value) &&
          payload.issues.every((issue) => {
            const field = issue.path?.[0];
            return field !== undefined && field !== "nic" && field !== "birthDate";
          }),
      },
    ),
  );
}

export type Application = z.infer<ReturnType<typeof schemaOn>>;
export type ApplicationInput = z.input<ReturnType<typeof schemaOn>>;
export type ApplicationAttribution = Pick<Application, AttributionField>;
