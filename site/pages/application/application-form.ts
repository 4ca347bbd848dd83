import type { AttributionField } from "../../../core/domain/application";
import {
  applyMask,
  NIC_NEW_MASK,
  NIC_OLD_MASK,
  PHONE_MASK,
} from "../../../core/helpers/input-mask";
import type { SavedApplication } from "../../../core/views/site-contract";
import { isoBirthDate, maskBirthDate, shownBirthDate } from "./birth-date";
import { type FormVersion, formVersionOf } from "./prefill";

/**
 * The application form's logic without React (issue 5): what the visitor
 * typed, the body POST /api/applications takes, the masks, the steps of
 * version 3, and the remembered form version. The checks themselves are in
 * application-checks.ts, apart, because they bring zod.
 */

/** What the form holds: text as typed, the calculator's numbers, the boxes. */
export interface ApplicationFormValues {
  amount: number;
  term: number;
  purpose: string;
  fullName: string;
  nic: string;
  /** As the field shows it, "dd/mm/yyyy". */
  birthDate: string;
  phone: string;
  email: string;
  /** Digits only (the field drops anything else). */
  monthlyIncome: string;
  employment: string;
  bank: string;
  district: string;
  consents: { terms: boolean; shareWithLenders: boolean; marketing: boolean };
}

export type ConsentName = keyof ApplicationFormValues["consents"];
export type TextFieldName = Exclude<keyof ApplicationFormValues, "amount" | "term" | "consents">;

/** A field as the API's `fields` name it: "nic", "consents.terms". */
export type FieldPath =
  | Exclude<keyof ApplicationFormValues, "consents">
  | `consents.${ConsentName}`;

/**
 * The fields of each step of version 3, one topic each, in the order they appear (version 2
 * shows them as its sections): the loan, the person, income and work, the consents (0370).
 */
export const APPLICATION_STEPS = [
  ["amount", "term", "purpose"],
  ["fullName", "nic", "birthDate", "phone", "email"],
  ["monthlyIncome", "employment", "bank", "district"],
  ["consents.terms", "consents.shareWithLenders", "consents.marketing"],
] as const satisfies readonly (readonly FieldPath[])[];

export const FIELD_ORDER: readonly FieldPath[] = APPLICATION_STEPS.flat();

export const STEP_COUNT = APPLICATION_STEPS.length;

export function isFieldPath(path: string): path is FieldPath {
  return (FIELD_ORDER as readonly string[]).includes(path);
}

/** The step (0 to 3) a field is on. */
export function stepOf(path: FieldPath): number {
  return APPLICATION_STEPS.findIndex((fields) => (fields as readonly FieldPath[]).includes(path));
}

/**
 * A form starting from the link's prefill, or from the visitor's own
 * application when they come back to it (decision 0196), shown as its
 * fields show what is typed. Every consent unticked: each submit is a new
 * application, shared anew, and a box ticked for the visitor is no consent.
 */
export function initialFormValues(prefill: {
  amount: number;
  term: number;
  purpose?: string | undefined;
  saved?: SavedApplication | undefined;
}): ApplicationFormValues {
  const saved = prefill.saved;
  const text = (value: string | undefined) => value ?? "";
  return {
    amount: saved?.amount ?? prefill.amount,
    term: saved?.termDays ?? prefill.term,
    purpose: saved?.purpose ?? prefill.purpose ?? "",
    fullName: text(saved?.fullName),
    nic: maskNic(text(saved?.nic)),
    birthDate: shownBirthDate(text(saved?.birthDate)),
    phone: maskPhone(text(saved?.phone)),
    email: text(saved?.email),
    monthlyIncome: saved ? String(saved.monthlyIncome) : "",
    employment: text(saved?.employment),
    bank: text(saved?.bank),
    district: text(saved?.district),
    consents: { terms: false, shareWithLenders: false, marketing: false },
  };
}

/** The income as a number; an empty field is missing (the schema then says "required"). */
function incomeOf(text: string): number | undefined {
  const digits = text.replace(/\D/g, "");
  return digits === "" ? undefined : Number(digits);
}

/**
 * The JSON body of POST /api/applications: the values as typed (the schema
 * normalises them on the server too), numbers as numbers, then the
 * attribution the link brought, only the keys it had.
 */
export function applicationRequestBody(
  values: ApplicationFormValues,
  attribution: Partial<Record<AttributionField, string>>,
) {
  const present = Object.fromEntries(
    Object.entries(attribution).filter(([, value]) => typeof value === "string"),
  ) as Partial<Record<AttributionField, string>>;
  return {
    amount: values.amount,
    term: values.term,
    purpose: values.purpose,
    fullName: values.fullName,
    nic: values.nic,
    // The field shows dd/mm/yyyy; the API takes YYYY-MM-DD (a contract, like the partners' leads).
    birthDate: isoBirthDate(values.birthDate),
    phone: values.phone,
    email: values.email,
    monthlyIncome: incomeOf(values.monthlyIncome),
    employment: values.employment,
    bank: values.bank,
    district: values.district,
    consents: {
      terms: values.consents.terms,
      shareWithLenders: values.consents.shareWithLenders,
      marketing: values.consents.marketing,
    },
    ...present,
  };
}

/** English messages (APPLICATION_ERRORS texts) by field, the first one of each. */
export type FieldErrors = Partial<Record<FieldPath, string>>;

/** Issues (zod's or the API's `fields`) as field errors; paths that are not fields are left out. */
export function fieldErrorsOf(issues: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    if (isFieldPath(path) && errors[path] === undefined) errors[path] = message;
  }
  return errors;
}

/** The first field, in the form's order, that has a problem. */
export function firstInvalidField(errors: FieldErrors): FieldPath | undefined {
  return FIELD_ORDER.find((path) => errors[path] !== undefined);
}

/**
 * A NIC as typed: twelve digits (new format), or nine digits and a letter
 * (old format, the letter upper-cased). The tenth character decides.
 */
export function maskNic(raw: string): string {
  const afterNineDigits = /^(?:\D*\d){9}(.*)$/s.exec(raw)?.[1];
  const tenth = afterNineDigits?.replace(/[^0-9a-z]/gi, "")[0];
  if (tenth !== undefined && /[a-z]/i.test(tenth)) {
    return applyMask(NIC_OLD_MASK, raw).toUpperCase();
  }
  return applyMask(NIC_NEW_MASK, raw);
}

/**
 * A mobile number as typed, "077 123 4567". A browser's autofill may give
 * "+94 77 123 4567": the country code becomes the trunk 0 first.
 */
export function maskPhone(raw: string): string {
  return applyMask(PHONE_MASK, raw.replace(/^\s*(?:\+|00)\s*94\s*0?/, "0"));
}

/** Monthly income: digits only, at most nine of them. */
export function maskIncome(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, 9);
}

/** A field with a control of its own: the calculator sets amount and term together. */
export type ControlPath = TextFieldName | `consents.${ConsentName}`;

/** A box holds whether it is ticked; every other control, text. */
export type ControlValue<Path extends ControlPath> = Path extends `consents.${string}`
  ? boolean
  : string;

const MASKS: Partial<Record<TextFieldName, (raw: string) => string>> = {
  nic: maskNic,
  birthDate: maskBirthDate,
  phone: maskPhone,
  monthlyIncome: maskIncome,
};

function consentOf(path: ControlPath): ConsentName | undefined {
  return path.startsWith("consents.") ? (path.slice("consents.".length) as ConsentName) : undefined;
}

export function valueAt<Path extends ControlPath>(
  values: ApplicationFormValues,
  path: Path,
): ControlValue<Path> {
  const consent = consentOf(path);
  return (consent ? values.consents[consent] : values[path as TextFieldName]) as ControlValue<Path>;
}

/** The values with one control's new value, masked as the field masks what is typed. */
export function withValue<Path extends ControlPath>(
  values: ApplicationFormValues,
  path: Path,
  value: ControlValue<Path>,
): ApplicationFormValues {
  const consent = consentOf(path);
  if (consent) return { ...values, consents: { ...values.consents, [consent]: value } };
  const name = path as TextFieldName;
  const text = value as string;
  return { ...values, [name]: MASKS[name]?.(text) ?? text };
}

/** The form without `ver` or `reg_version`: the steps (decision 0371), on the server and in the browser. */
export const DEFAULT_FORM_VERSION: FormVersion = 3;

/** SPEC §4's session storage key for the form version. */
export const FORM_VERSION_KEY = "reg_version";

/**
 * The form version to show in the browser: the link's `ver`, stored for the
 * rest of the session; without one, what the session stored; else 3, the
 * steps, as the server renders it (decision 0371: experiment 0301.1 no longer
 * decides it, so the server's markup is the browser's).
 * `storage` is a function because merely reading `window.sessionStorage`
 * throws in some privacy modes, as may its methods: the form then works
 * without remembering.
 */
export function rememberedFormVersion(
  fromLink: FormVersion | undefined,
  storage: () => Pick<Storage, "getItem" | "setItem">,
): FormVersion {
  if (fromLink !== undefined) {
    try {
      storage().setItem(FORM_VERSION_KEY, String(fromLink));
    } catch {
      // Not remembered; this page still shows the version asked for.
    }
    return fromLink;
  }
  try {
    return formVersionOf(storage().getItem(FORM_VERSION_KEY)) ?? DEFAULT_FORM_VERSION;
  } catch {
    return DEFAULT_FORM_VERSION;
  }
}
