import { type CalendarDate, isLeapYear, parseIsoDate } from "../helpers/dates";

/**
 * Sri Lankan National Identity Card numbers. Two formats are in use: the old
 * one, 9 digits and a letter ("853400937V": year 85, day 340, serial and
 * check digit, then V or X), and the new one since 2016, 12 digits with the
 * full year ("198534000937"). Both carry the holder's birth day and sex, so
 * we can check them against the birth date the applicant gives. The check
 * digit's algorithm is not published; we do not verify it.
 */
export type NicFormat = "old" | "new";
export type NicSex = "female" | "male";

export type NicParseResult =
  | { ok: true; nic: string; format: NicFormat; birthDate: CalendarDate; sex: NicSex }
  | { ok: false; reason: "format" | "invalid_birth_day" };

export type ApplicantNicCheck =
  | { ok: true; nic: string }
  | {
      ok: false;
      reason: "format" | "invalid_birth_day" | "birth_date_mismatch" | "too_young" | "too_old";
    };

/** The youngest applicant lenders take: 18, the age of majority. */
export const MIN_AGE = 18;
/** The oldest applicant: still 70 is accepted, 71 is not. */
export const MAX_AGE = 70;

const OLD_NIC = /^([0-9]{2})([0-9]{3})[0-9]{4}[VX]$/;
const NEW_NIC = /^([0-9]{4})([0-9]{3})[0-9]{5}$/;

/** Women's numbers have 500 added to the day number. */
const FEMALE_DAY_OFFSET = 500;

/**
 * The NIC counts days as if February always had 29 days, so 1 March is day
 * 61 every year and the year has 366 day numbers.
 */
const NIC_MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const NIC_DAYS_PER_YEAR = 366;

/**
 * New-format numbers start with the full birth year. Nobody born before 1900
 * holds one (the old format's years are 1900 to 1999), and CalendarDate needs
 * four year digits anyway, so an earlier year is a malformed number.
 */
const MIN_NEW_FORMAT_YEAR = 1900;

/**
 * Reads a NIC number, old or new format, with surrounding white space and a
 * lower-case v or x allowed; the number comes back in upper case, trimmed.
 * Spaces inside the number are not accepted: neither format is written with
 * them, and the input mask keeps them out.
 *
 * Day number 60 is 29 February. In a year without one (1991, 1900) the number
 * is well-formed but names no real day, so it is refused as
 * "invalid_birth_day" rather than moved to 28 February or 1 March: we would
 * otherwise compare the applicant's birth date against a day we made up.
 */
export function parseNic(input: string): NicParseResult {
  const nic = input.trim().toUpperCase();
  const old = OLD_NIC.exec(nic);
  const modern = old ? null : NEW_NIC.exec(nic);
  const match = old ?? modern;
  if (!match) return { ok: false, reason: "format" };

  const year = old ? 1900 + Number(match[1]) : Number(match[1]);
  if (year < MIN_NEW_FORMAT_YEAR) return { ok: false, reason: "format" };

  const codedDay = Number(match[2]);
  const sex: NicSex = codedDay > FEMALE_DAY_OFFSET ? "female" : "male";
  const dayOfYear = sex === "female" ? codedDay - FEMALE_DAY_OFFSET : codedDay;
  const birthDate = nicDayToDate(year, dayOfYear);
  if (!birthDate) return { ok: false, reason: "invalid_birth_day" };

  return { ok: true, nic, format: old ? "old" : "new", birthDate, sex };
}

/**
 * Age in whole years on a day. Someone born on 29 February turns a year older
 * on 1 March in a year without one (28 February is still the day before).
 * Throws RangeError when `on` is before the birth date.
 */
export function ageOn(birthDate: CalendarDate, on: CalendarDate): number {
  const birth = partsOf(birthDate);
  const day = partsOf(on);
  if (on < birthDate) throw new RangeError(`${on} is before the birth date ${birthDate}`);
  const hadBirthday =
    day.month > birth.month || (day.month === birth.month && day.day >= birth.day);
  return day.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * The checks an application's NIC must pass: a readable number, the birth
 * date the applicant typed, and an age from MIN_AGE to MAX_AGE on `today`
 * (Colombo's date; see colomboToday). A birth date after today is too young.
 */
export function checkApplicantNic(
  input: string,
  birthDate: CalendarDate,
  today: CalendarDate,
): ApplicantNicCheck {
  const parsed = parseNic(input);
  if (!parsed.ok) return parsed;
  if (parsed.birthDate !== birthDate) return { ok: false, reason: "birth_date_mismatch" };
  const age = ageRuleProblem(birthDate, today);
  if (age) return { ok: false, reason: age };
  return { ok: true, nic: parsed.nic };
}

/**
 * The age rule alone: undefined when the applicant is MIN_AGE to MAX_AGE on
 * `today`; a birth date after today is too young. The form checks it as
 * soon as a NIC gives the birth date, before the rest is typed.
 */
export function ageRuleProblem(
  birthDate: CalendarDate,
  today: CalendarDate,
): "too_young" | "too_old" | undefined {
  if (birthDate > parseIsoDate(today)) return "too_young";
  const age = ageOn(birthDate, today);
  if (age < MIN_AGE) return "too_young";
  if (age > MAX_AGE) return "too_old";
  return undefined;
}

/** The calendar date of a NIC day number, or undefined when it names no day. */
function nicDayToDate(year: number, dayOfYear: number): CalendarDate | undefined {
  if (dayOfYear < 1 || dayOfYear > NIC_DAYS_PER_YEAR) return undefined;
  let remaining = dayOfYear;
  let month = 1;
  for (const length of NIC_MONTH_LENGTHS) {
    if (remaining <= length) break;
    remaining -= length;
    month += 1;
  }
  if (month === 2 && remaining === 29 && !isLeapYear(year)) return undefined;
  return parseIsoDate(`${year}-${pad2(month)}-${pad2(remaining)}`);
}

function partsOf(date: CalendarDate): { year: number; month: number; day: number } {
  const valid = parseIsoDate(date);
  return {
    year: Number(valid.slice(0, 4)),
    month: Number(valid.slice(5, 7)),
    day: Number(valid.slice(8, 10)),
  };
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
