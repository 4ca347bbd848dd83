/**
 * Calendar dates as a borrower in Sri Lanka sees them. Asia/Colombo is
 * UTC+05:30 all year (no daylight saving), so the offset is a constant and
 * no time-zone database or Intl is needed: the server and the browser print
 * the same text.
 *
 * A date is an ISO "YYYY-MM-DD" string: it survives JSON unchanged (a quote
 * travels from the server to the widget), compares in order as a string, and
 * reads plainly in tests. The template type keeps an arbitrary string out;
 * parseIsoDate is the way in for text from outside. Years 1000 to 9999 only,
 * so every date has four year digits.
 */
export type CalendarDate = `${number}-${number}-${number}`;

/** Colombo is 5 h 30 min ahead of UTC, all year round. */
export const COLOMBO_UTC_OFFSET_MINUTES = 330;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** True for a "YYYY-MM-DD" string naming a real day ("2027-02-29" is not one). */
export function isIsoDate(text: string): text is CalendarDate {
  return partsOf(text) !== null;
}

/** Accepts "YYYY-MM-DD" text from outside (a form, a query, JSON); throws RangeError otherwise. */
export function parseIsoDate(text: string): CalendarDate {
  requireParts(text as CalendarDate);
  return text as CalendarDate;
}

/** The date in Colombo at that instant: 2026-11-21T19:00:00Z is already 2026-11-22 there. */
export function colomboToday(now: Date): CalendarDate {
  const ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("Not a valid instant");
  return fromEpochDay(Math.floor((ms + COLOMBO_UTC_OFFSET_MINUTES * MS_PER_MINUTE) / MS_PER_DAY));
}

/** The UTC instant a Colombo day begins: 2026-11-22 begins at 2026-11-21T18:30:00.000Z. */
export function colomboDayStart(day: CalendarDate): string {
  return new Date(
    toEpochDay(day) * MS_PER_DAY - COLOMBO_UTC_OFFSET_MINUTES * MS_PER_MINUTE,
  ).toISOString();
}

/**
 * The UTC instant a Colombo day ends (the next one begins), counted without
 * naming the next day, so the last day a date may be (9999-12-31) has an end too.
 */
export function colomboDayEnd(day: CalendarDate): string {
  return new Date(
    (toEpochDay(day) + 1) * MS_PER_DAY - COLOMBO_UTC_OFFSET_MINUTES * MS_PER_MINUTE,
  ).toISOString();
}

/** The date that many days later (earlier when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  requireInteger(days, "days");
  return fromEpochDay(toEpochDay(date) + days);
}

/**
 * The same day that many calendar months later, clamped to the last day of a
 * shorter month: 31 Jan + 1 month is 28 Feb (29 in a leap year). Instalment
 * dates are each counted from the start so that a clamp does not carry over
 * (31 Jan, 28 Feb, 31 Mar, not 28 Mar).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  requireInteger(months, "months");
  const { year, month, day } = requireParts(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const newYear = Math.floor(monthIndex / 12);
  const newMonth = monthIndex - newYear * 12 + 1;
  return fromParts({
    year: newYear,
    month: newMonth,
    day: Math.min(day, daysInMonth(newYear, newMonth)),
  });
}

/** Days from a to b: positive when b is later, negative when earlier. */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toEpochDay(b) - toEpochDay(a);
}

/**
 * "DD/MM/YYYY" (05/03/2027), in both languages: Sri Lanka writes the day
 * first, and a fixed pattern avoids Intl's differences between runtimes.
 */
export function formatDate(date: CalendarDate): string {
  const { year, month, day } = requireParts(date);
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function partsOf(text: string): DateParts | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function requireParts(date: CalendarDate): DateParts {
  const parts = partsOf(date);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return parts;
}

/** Days since 1970-01-01; Date's UTC arithmetic is exact and free of time zones. */
function toEpochDay(date: CalendarDate): number {
  const { year, month, day } = requireParts(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function fromEpochDay(epochDay: number): CalendarDate {
  const instant = new Date(epochDay * MS_PER_DAY);
  return fromParts({
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  });
}

function fromParts({ year, month, day }: DateParts): CalendarDate {
  if (!(year >= MIN_YEAR && year <= MAX_YEAR)) {
    throw new RangeError(`Date outside the years ${MIN_YEAR} to ${MAX_YEAR}`);
  }
  // Four digits and two-digit month and day: the shape CalendarDate promises.
  return `${year}-${pad2(month)}-${pad2(day)}` as CalendarDate;
}

function requireInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer: ${value}`);
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
