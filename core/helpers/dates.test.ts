import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  colomboDayEnd,
  colomboDayStart,
  colomboToday,
  daysBetween,
  daysInMonth,
  formatDate,
  isIsoDate,
  isLeapYear,
  parseIsoDate,
} from "./dates";

describe("colomboDayStart and colomboDayEnd", () => {
  it("bound a Colombo day in UTC: 18:30 the day before to 18:30 that day", () => {
    expect(colomboDayStart(parseIsoDate("2026-11-22"))).toBe("2026-11-21T18:30:00.000Z");
    expect(colomboDayEnd(parseIsoDate("2026-11-22"))).toBe("2026-11-22T18:30:00.000Z");
    expect(colomboDayEnd(parseIsoDate("2026-12-31"))).toBe(
      colomboDayStart(parseIsoDate("2027-01-01")),
    );
  });

  it("give the last day a date may be an end, though it has no next day", () => {
    const last = parseIsoDate("9999-12-31");
    expect(() => addDays(last, 1)).toThrow(RangeError);
    expect(colomboDayStart(last)).toBe("9999-12-30T18:30:00.000Z");
    expect(colomboDayEnd(last)).toBe("9999-12-31T18:30:00.000Z");
    expect(colomboDayStart(parseIsoDate("1000-01-01"))).toBe("0999-12-31T18:30:00.000Z");
  });
});

describe("colomboToday", () => {
  it("turns the day at 18:30 UTC, midnight in Colombo (UTC+05:30)", () => {
    expect(colomboToday(new Date("2026-11-21T18:29:59.999Z"))).toBe("2026-11-21");
    expect(colomboToday(new Date("2026-11-21T18:30:00.000Z"))).toBe("2026-11-22");
    expect(colomboToday(new Date("2026-11-21T19:00:00Z"))).toBe("2026-11-22");
  });

  it("is still the same day in Colombo until 18:29:59 UTC", () => {
    expect(colomboToday(new Date("2026-11-21T00:00:00Z"))).toBe("2026-11-21");
    expect(colomboToday(new Date("2026-11-20T18:30:00Z"))).toBe("2026-11-21");
  });

  it("crosses month and year ends and reaches a leap day", () => {
    expect(colomboToday(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01-01");
    expect(colomboToday(new Date("2028-02-28T18:30:00Z"))).toBe("2028-02-29");
    expect(colomboToday(new Date("2027-02-28T18:30:00Z"))).toBe("2027-03-01");
  });

  it("has no daylight saving: the same boundary in June", () => {
    expect(colomboToday(new Date("2027-06-15T18:29:59Z"))).toBe("2027-06-15");
    expect(colomboToday(new Date("2027-06-15T18:30:00Z"))).toBe("2027-06-16");
  });

  it("refuses an invalid Date", () => {
    expect(() => colomboToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2026-11-22", 30)).toBe("2026-12-22");
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2027-01-01", 365)).toBe("2028-01-01");
    expect(addDays("2028-01-01", 365)).toBe("2028-12-31");
  });

  it("goes back with a negative count and stays put with 0", () => {
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2027-05-05", 0)).toBe("2027-05-05");
  });

  it("refuses a fractional count", () => {
    expect(() => addDays("2027-05-05", 1.5)).toThrow(RangeError);
  });
});

describe("addMonths", () => {
  it("keeps the day of the month", () => {
    expect(addMonths("2027-01-15", 1)).toBe("2027-02-15");
    expect(addMonths("2027-11-15", 2)).toBe("2028-01-15");
    expect(addMonths("2027-01-15", 12)).toBe("2028-01-15");
    expect(addMonths("2027-03-15", -3)).toBe("2026-12-15");
  });

  it("clamps to the last day of a shorter month", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-03-31", 1)).toBe("2027-04-30");
    expect(addMonths("2027-05-31", -1)).toBe("2027-04-30");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
  });

  it("counts from the original date, so a clamp does not carry over", () => {
    expect(addMonths("2027-01-31", 2)).toBe("2027-03-31");
  });
});

describe("daysBetween", () => {
  it("counts the days from the first date to the second", () => {
    expect(daysBetween("2027-01-01", "2027-01-31")).toBe(30);
    expect(daysBetween("2027-01-31", "2027-01-01")).toBe(-30);
    expect(daysBetween("2027-05-05", "2027-05-05")).toBe(0);
  });

  it("counts 366 days in a leap year and 365 otherwise", () => {
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2027-01-01", "2028-01-01")).toBe(365);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2100-02-28", "2100-03-01")).toBe(1);
  });

  it("undoes addDays", () => {
    expect(daysBetween("2026-11-22", addDays("2026-11-22", 1234))).toBe(1234);
  });
});

describe("formatDate", () => {
  it("writes DD/MM/YYYY with zero padding, day first", () => {
    expect(formatDate("2027-03-05")).toBe("05/03/2027");
    expect(formatDate("2026-12-31")).toBe("31/12/2026");
    expect(formatDate("2028-02-29")).toBe("29/02/2028");
  });
});

describe("leap years", () => {
  it("follows the Gregorian rule", () => {
    expect(isLeapYear(2028)).toBe(true);
    expect(isLeapYear(2027)).toBe(false);
    expect(isLeapYear(2100)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });

  it("gives February 29 days only in a leap year", () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(2027, 4)).toBe(30);
    expect(daysInMonth(2027, 12)).toBe(31);
  });
});

describe("parseIsoDate", () => {
  it("accepts a real day", () => {
    expect(parseIsoDate("2028-02-29")).toBe("2028-02-29");
    expect(isIsoDate("2027-12-31")).toBe(true);
  });

  it("refuses impossible days and other shapes", () => {
    for (const text of [
      "2027-02-29",
      "2027-04-31",
      "2027-13-01",
      "2027-00-10",
      "2027-01-00",
      "2027-1-5",
      "05/03/2027",
      "2027-01-01T00:00:00Z",
      "0999-01-01",
      "",
    ]) {
      expect(isIsoDate(text), text).toBe(false);
      expect(() => parseIsoDate(text), text).toThrow(RangeError);
    }
  });

  it("makes the arithmetic refuse text that is not a date", () => {
    const notADate = "2027-02-30" as const;
    expect(() => addDays(notADate, 1)).toThrow(RangeError);
    expect(() => formatDate(notADate)).toThrow(RangeError);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
  });
});
