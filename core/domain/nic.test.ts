import { describe, expect, it } from "vitest";
import { ageOn, ageRuleProblem, checkApplicantNic, MAX_AGE, MIN_AGE, parseNic } from "./nic";

describe("parseNic: known numbers", () => {
  it("reads an old-format number of a man", () => {
    // Day 341 with February as 29 days: 31+29+31+30+31+30+31+31+30+31+30 = 335, + 6.
    expect(parseNic("853410937V")).toEqual({
      ok: true,
      nic: "853410937V",
      format: "old",
      birthDate: "1985-12-06",
      sex: "male",
    });
  });

  it("reads the same man's new-format number", () => {
    expect(parseNic("198534100937")).toEqual({
      ok: true,
      nic: "198534100937",
      format: "new",
      birthDate: "1985-12-06",
      sex: "male",
    });
  });

  it("counts February as 29 days even in a year without 29 February", () => {
    // 1985 is not a leap year, yet day 340 is 5 December, not 6 December.
    expect(parseNic("853400937V")).toMatchObject({ ok: true, birthDate: "1985-12-05" });
    expect(parseNic("198534000937")).toMatchObject({ ok: true, birthDate: "1985-12-05" });
  });

  it("reads a woman's numbers: 500 is added to the day", () => {
    expect(parseNic("905610123V")).toEqual({
      ok: true,
      nic: "905610123V",
      format: "old",
      birthDate: "1990-03-01",
      sex: "female",
    });
    expect(parseNic("199056100123")).toEqual({
      ok: true,
      nic: "199056100123",
      format: "new",
      birthDate: "1990-03-01",
      sex: "female",
    });
  });

  it("accepts X as the old format's letter", () => {
    expect(parseNic("905610123X")).toMatchObject({ ok: true, nic: "905610123X", format: "old" });
  });

  it("reads new-format years of this century", () => {
    expect(parseNic("200316700123")).toMatchObject({
      ok: true,
      birthDate: "2003-06-15",
      sex: "male",
    });
    expect(parseNic("200366700123")).toMatchObject({
      ok: true,
      birthDate: "2003-06-15",
      sex: "female",
    });
  });
});

describe("parseNic: day numbers", () => {
  it("starts at day 1 = 1 January for men and 501 for women", () => {
    expect(parseNic("910010123V")).toMatchObject({ birthDate: "1991-01-01", sex: "male" });
    expect(parseNic("915010123V")).toMatchObject({ birthDate: "1991-01-01", sex: "female" });
  });

  it("ends at day 366 = 31 December, leap year or not", () => {
    expect(parseNic("913660123V")).toMatchObject({ ok: true, birthDate: "1991-12-31" });
    expect(parseNic("923660123V")).toMatchObject({ ok: true, birthDate: "1992-12-31" });
    expect(parseNic("918660123V")).toMatchObject({
      ok: true,
      birthDate: "1991-12-31",
      sex: "female",
    });
  });

  it("takes day 60 as 29 February in a leap year", () => {
    expect(parseNic("920600123V")).toMatchObject({ ok: true, birthDate: "1992-02-29" });
    expect(parseNic("925600123V")).toMatchObject({
      ok: true,
      birthDate: "1992-02-29",
      sex: "female",
    });
    expect(parseNic("200006000123")).toMatchObject({ ok: true, birthDate: "2000-02-29" });
  });

  it("refuses day 60 in a year without 29 February", () => {
    expect(parseNic("910600123V")).toEqual({ ok: false, reason: "invalid_birth_day" });
    expect(parseNic("915600123V")).toEqual({ ok: false, reason: "invalid_birth_day" });
    expect(parseNic("199106000123")).toEqual({ ok: false, reason: "invalid_birth_day" });
    // 1900 is divisible by 100 and not by 400: no 29 February.
    expect(parseNic("000600123V")).toEqual({ ok: false, reason: "invalid_birth_day" });
  });

  it("puts days 59 and 61 on 28 February and 1 March in any year", () => {
    expect(parseNic("910590123V")).toMatchObject({ ok: true, birthDate: "1991-02-28" });
    expect(parseNic("910610123V")).toMatchObject({ ok: true, birthDate: "1991-03-01" });
    expect(parseNic("920610123V")).toMatchObject({ ok: true, birthDate: "1992-03-01" });
  });

  it("refuses day numbers outside 1–366 and 501–866", () => {
    for (const day of ["000", "367", "400", "500", "867", "999"]) {
      expect(parseNic(`91${day}0123V`), day).toEqual({ ok: false, reason: "invalid_birth_day" });
      expect(parseNic(`1991${day}00123`), day).toEqual({ ok: false, reason: "invalid_birth_day" });
    }
  });
});

describe("parseNic: writing", () => {
  it("accepts a lower-case v or x and returns upper case", () => {
    expect(parseNic("853410937v")).toMatchObject({ ok: true, nic: "853410937V" });
    expect(parseNic("853410937x")).toMatchObject({ ok: true, nic: "853410937X" });
  });

  it("trims surrounding white space", () => {
    expect(parseNic("  853410937V ")).toMatchObject({ ok: true, nic: "853410937V" });
    expect(parseNic("\t198534100937\n")).toMatchObject({ ok: true, nic: "198534100937" });
  });

  it("refuses spaces inside the number", () => {
    expect(parseNic("853410937 V")).toEqual({ ok: false, reason: "format" });
    expect(parseNic("1985 3410 0937")).toEqual({ ok: false, reason: "format" });
  });

  it("refuses wrong lengths", () => {
    for (const input of [
      "",
      "   ",
      "85341093V",
      "8534109370V",
      "853410937",
      "8534109370",
      "19853410093",
      "1985341009370",
    ]) {
      expect(parseNic(input), input).toEqual({ ok: false, reason: "format" });
    }
  });

  it("refuses other letters and letters in the wrong place", () => {
    for (const input of [
      "853410937Z",
      "853410937A",
      "85341O937V",
      "V853410937",
      "853410937VV",
      "198534100937V",
      "19853410093X",
      "19853410O937",
      "853410937-V",
    ]) {
      expect(parseNic(input), input).toEqual({ ok: false, reason: "format" });
    }
  });

  it("refuses digits other than 0–9", () => {
    // Arabic-Indic digits are "digits" to some regular expressions, not to a NIC.
    expect(parseNic("٨٥٣٤١٠٩٣٧V")).toEqual({ ok: false, reason: "format" });
  });

  it("refuses a new-format year before 1900", () => {
    expect(parseNic("089934100937")).toEqual({ ok: false, reason: "format" });
    expect(parseNic("189934100937")).toEqual({ ok: false, reason: "format" });
  });
});

describe("ageOn", () => {
  it("counts whole years, turning on the birthday", () => {
    expect(ageOn("2000-05-15", "2018-05-14")).toBe(17);
    expect(ageOn("2000-05-15", "2018-05-15")).toBe(18);
    expect(ageOn("2000-05-15", "2018-12-31")).toBe(18);
    expect(ageOn("2000-12-31", "2019-01-01")).toBe(18);
  });

  it("is 0 on the day of birth", () => {
    expect(ageOn("2000-05-15", "2000-05-15")).toBe(0);
    expect(ageOn("2000-05-15", "2001-05-14")).toBe(0);
  });

  it("lets a 29 February birthday count on 1 March in a year without one", () => {
    expect(ageOn("2000-02-29", "2018-02-28")).toBe(17);
    expect(ageOn("2000-02-29", "2018-03-01")).toBe(18);
    expect(ageOn("2000-02-29", "2020-02-28")).toBe(19);
    expect(ageOn("2000-02-29", "2020-02-29")).toBe(20);
  });

  it("refuses a day before the birth date and dates that are not days", () => {
    expect(() => ageOn("2000-05-15", "2000-05-14")).toThrow(RangeError);
    expect(() => ageOn("2001-02-29", "2020-01-01")).toThrow(RangeError);
    expect(() => ageOn("2000-05-15", "2020-13-01")).toThrow(RangeError);
  });
});

describe("checkApplicantNic", () => {
  const today = "2026-06-15";

  it("exports the age bounds", () => {
    expect(MIN_AGE).toBe(18);
    expect(MAX_AGE).toBe(70);
  });

  it("accepts a matching number and returns it normalised", () => {
    expect(checkApplicantNic(" 853410937v ", "1985-12-06", today)).toEqual({
      ok: true,
      nic: "853410937V",
    });
    expect(checkApplicantNic("199056100123", "1990-03-01", today)).toEqual({
      ok: true,
      nic: "199056100123",
    });
  });

  it("passes on the reasons parseNic gives", () => {
    expect(checkApplicantNic("12345", "1985-12-06", today)).toEqual({
      ok: false,
      reason: "format",
    });
    expect(checkApplicantNic("910600123V", "1991-03-01", today)).toEqual({
      ok: false,
      reason: "invalid_birth_day",
    });
  });

  it("refuses a birth date the number does not carry", () => {
    // Day 340 is 5 December: the 29-day February counts in 1985 too.
    expect(checkApplicantNic("853400937V", "1985-12-06", today)).toEqual({
      ok: false,
      reason: "birth_date_mismatch",
    });
    expect(checkApplicantNic("853410937V", "1986-12-06", today)).toEqual({
      ok: false,
      reason: "birth_date_mismatch",
    });
    // A mismatch is reported before the age.
    expect(checkApplicantNic("200816700123", "2008-06-16", today)).toEqual({
      ok: false,
      reason: "birth_date_mismatch",
    });
  });

  it("accepts an 18-year-old from the 18th birthday on", () => {
    // 15 June is day 167: 31+29+31+30+31 = 152, + 15.
    expect(checkApplicantNic("200816700123", "2008-06-15", "2026-06-14")).toEqual({
      ok: false,
      reason: "too_young",
    });
    expect(checkApplicantNic("200816700123", "2008-06-15", "2026-06-15")).toEqual({
      ok: true,
      nic: "200816700123",
    });
    expect(checkApplicantNic("200866700123", "2008-06-15", "2026-06-15")).toEqual({
      ok: true,
      nic: "200866700123",
    });
  });

  it("makes someone born on 29 February wait for 1 March in a year without one", () => {
    expect(checkApplicantNic("200806000123", "2008-02-29", "2026-02-28")).toEqual({
      ok: false,
      reason: "too_young",
    });
    expect(checkApplicantNic("200806000123", "2008-02-29", "2026-03-01")).toEqual({
      ok: true,
      nic: "200806000123",
    });
  });

  it("accepts a 70-year-old up to the day before the 71st birthday", () => {
    expect(checkApplicantNic("561670123V", "1956-06-15", today)).toEqual({
      ok: true,
      nic: "561670123V",
    });
    expect(checkApplicantNic("551680123V", "1955-06-16", today)).toEqual({
      ok: true,
      nic: "551680123V",
    });
    expect(checkApplicantNic("551670123V", "1955-06-15", today)).toEqual({
      ok: false,
      reason: "too_old",
    });
  });

  it("calls a birth date after today too young", () => {
    expect(checkApplicantNic("203016700123", "2030-06-15", today)).toEqual({
      ok: false,
      reason: "too_young",
    });
  });

  it("refuses a today that is not a date", () => {
    expect(() => checkApplicantNic("853410937V", "1985-12-06", "2026-02-30")).toThrow(RangeError);
  });
});

describe("ageRuleProblem: the age rule alone, as the form checks it once a NIC gives the date", () => {
  const today = "2026-11-21";
  it("accepts 18 from the 18th birthday and 70 up to the day before the 71st", () => {
    expect(ageRuleProblem("2008-11-21", today)).toBeUndefined();
    expect(ageRuleProblem("2008-11-22", today)).toBe("too_young");
    expect(ageRuleProblem("1955-11-22", today)).toBeUndefined();
    expect(ageRuleProblem("1955-11-21", today)).toBe("too_old");
  });

  it("calls a date after today too young, and counts a 29 February birthday from 1 March", () => {
    expect(ageRuleProblem("2026-11-22", today)).toBe("too_young");
    // Born 29 February 2008: 18 on 1 March 2026 (no 29 February that year), not on 28 February.
    expect(ageRuleProblem("2008-02-29", "2026-02-28")).toBe("too_young");
    expect(ageRuleProblem("2008-02-29", "2026-03-01")).toBeUndefined();
  });

  it("gives checkApplicantNic its age reasons", () => {
    expect(checkApplicantNic("200832612345", "2008-11-21", today)).toEqual({
      ok: true,
      nic: "200832612345",
    });
    expect(checkApplicantNic("200832712345", "2008-11-22", today)).toEqual({
      ok: false,
      reason: "too_young",
    });
  });
});
