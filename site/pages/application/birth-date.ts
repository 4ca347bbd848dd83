import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { ageRuleProblem, parseNic } from "../../../core/domain/nic";
import { type CalendarDate, formatDate, isIsoDate } from "../../../core/helpers/dates";

/**
 * The date of birth as the form shows it, "dd/mm/yyyy" in both languages
 * (the way Sri Lanka writes dates, and the way the rest of the site does,
 * core/helpers/dates.ts formatDate), and what the NIC says of it (decision 0195).
 * The API keeps its "YYYY-MM-DD": the form converts as it builds the body.
 */

/** The two fields that must agree: the NIC holds the birth date. */
export type NicDateField = "nic" | "birthDate";

/** What a date field holds after a keystroke: digits as "dd/mm/yyyy", slashes written by the form. */
export function maskBirthDate(raw: string): string {
  // A browser's autofill (autocomplete=bday) or a paste may give the ISO form.
  const iso = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(raw);
  if (iso) return `${pad(iso[3] ?? "")}/${pad(iso[2] ?? "")}/${iso[1]}`;
  const groups: string[] = [""];
  const sizes = [2, 2, 4];
  for (const char of raw) {
    const index = groups.length - 1;
    const group = groups[index] ?? "";
    if (char >= "0" && char <= "9") {
      if (group.length < (sizes[index] ?? 0)) groups[index] = group + char;
      else if (index < 2) groups.push(char);
    } else if (group !== "" && index < 2) {
      // A separator after "5" means day (or month) 05: "5/3/1990" is 05/03/1990.
      groups[index] = pad(group);
      groups.push("");
    }
  }
  // Like the other masks, a partial value never ends with the separator.
  return groups.filter((group) => group !== "").join("/");
}

function pad(digits: string): string {
  return digits.padStart(2, "0");
}

/** The "YYYY-MM-DD" of a "dd/mm/yyyy" text; anything else as it is (the schema then says what is wrong). */
export function isoBirthDate(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

/** A "YYYY-MM-DD" as the field shows it. */
export function shownBirthDate(date: string): string {
  return isIsoDate(date) ? formatDate(date) : date;
}

/** The birth date a complete, readable NIC holds, as the field shows it; otherwise undefined. */
export function birthDateFromNic(nic: string): string | undefined {
  const parsed = parseNic(nic);
  return parsed.ok ? formatDate(parsed.birthDate) : undefined;
}

/** The messages this module gives and takes back: the others are the fields' own checks. */
const PAIR_MESSAGES: readonly string[] = [
  APPLICATION_ERRORS.nicMismatch,
  APPLICATION_ERRORS.birthDateMismatch,
  APPLICATION_ERRORS.tooYoung,
  APPLICATION_ERRORS.tooOld,
];

/** Whether a field's message is one of the pair's (a mismatch, or the age rule). */
export function isPairMessage(message: string | undefined): boolean {
  return message !== undefined && PAIR_MESSAGES.includes(message);
}

/**
 * The NIC and date of birth checked together, as the visitor types
 * (decision 0195): once both are readable, a mismatch shows on the one
 * changed last (the field the visitor is at) and the age rule on the date;
 * when they agree, or either is no longer readable, those messages go. The
 * fields' own problems ("required", a malformed NIC) are left as they are.
 * Also applied to the schema's and the server's answers on submit, which
 * report a mismatch on the NIC whichever field was changed.
 */
export function withPairProblems<Errors extends { nic?: string; birthDate?: string }>(
  errors: Errors,
  values: { nic: string; birthDate: string },
  changedLast: NicDateField,
  today: CalendarDate,
): Errors {
  const next: Errors = { ...errors };
  const set = next as { nic?: string; birthDate?: string };
  for (const field of ["nic", "birthDate"] as const) {
    if (isPairMessage(set[field])) delete set[field];
  }
  const parsed = parseNic(values.nic);
  const birthDate = isoBirthDate(values.birthDate);
  if (!parsed.ok || !isIsoDate(birthDate)) return next;
  if (parsed.birthDate !== birthDate) {
    set[changedLast] =
      changedLast === "nic" ? APPLICATION_ERRORS.nicMismatch : APPLICATION_ERRORS.birthDateMismatch;
    return next;
  }
  const age = ageRuleProblem(birthDate, today);
  if (age)
    set.birthDate = age === "too_young" ? APPLICATION_ERRORS.tooYoung : APPLICATION_ERRORS.tooOld;
  return next;
}
