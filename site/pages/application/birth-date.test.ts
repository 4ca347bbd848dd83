import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import {
  birthDateFromNic,
  isoBirthDate,
  maskBirthDate,
  shownBirthDate,
  withPairProblems,
} from "./birth-date";

const TODAY = "2026-11-21";

describe("birthDateFromNic: the date of birth a NIC holds, dd/mm/yyyy", () => {
  it("reads both formats, men's and women's, once the number is whole", () => {
    expect(birthDateFromNic("853400937V")).toBe("05/12/1985");
    expect(birthDateFromNic("853400937x")).toBe("05/12/1985");
    expect(birthDateFromNic("198534000937")).toBe("05/12/1985");
    expect(birthDateFromNic("905610123V")).toBe("01/03/1990");
    expect(birthDateFromNic("199056100123")).toBe("01/03/1990");
    expect(birthDateFromNic("85340093")).toBeUndefined();
    expect(birthDateFromNic("19853400093")).toBeUndefined();
    expect(birthDateFromNic("")).toBeUndefined();
  });

  it("knows leap days: day 60 is 29 February only in a leap year", () => {
    expect(birthDateFromNic("920600123V")).toBe("29/02/1992");
    expect(birthDateFromNic("200006000123")).toBe("29/02/2000");
    // 1991 and 1900 have no 29 February: no date rather than a made-up one.
    expect(birthDateFromNic("910600123V")).toBeUndefined();
    expect(birthDateFromNic("000600123V")).toBeUndefined();
    expect(birthDateFromNic("910610123V")).toBe("01/03/1991");
  });

  it("puts the old format's years in the 1900s and takes the new format's century as written", () => {
    expect(birthDateFromNic("000010123V")).toBe("01/01/1900");
    expect(birthDateFromNic("993660123V")).toBe("31/12/1999");
    expect(birthDateFromNic("200100100123")).toBe("01/01/2001");
    expect(birthDateFromNic("190036600123")).toBe("31/12/1900");
  });
});

describe("the date field: dd/mm/yyyy typed as digits, YYYY-MM-DD for the API", () => {
  it("writes the slashes as digits are typed, never one at the end", () => {
    const typed: string[] = [];
    let value = "";
    for (const digit of "05121985") {
      value = maskBirthDate(value + digit);
      typed.push(value);
    }
    expect(typed).toEqual([
      "0",
      "05",
      "05/1",
      "05/12",
      "05/12/1",
      "05/12/19",
      "05/12/198",
      "05/12/1985",
    ]);
    expect(maskBirthDate("05/12/19851")).toBe("05/12/1985");
    expect(maskBirthDate("05/")).toBe("05");
  });

  it("takes a single-digit day or month followed by a separator, and pasted or autofilled forms", () => {
    expect(maskBirthDate("5/3/1990")).toBe("05/03/1990");
    expect(maskBirthDate("5.3.1990")).toBe("05/03/1990");
    expect(maskBirthDate("5-3-1990")).toBe("05/03/1990");
    expect(maskBirthDate("1990-03-05")).toBe("05/03/1990");
    expect(maskBirthDate(" 05 / 03 / 1990 ")).toBe("05/03/1990");
    expect(maskBirthDate("abc")).toBe("");
  });

  it("sends YYYY-MM-DD, and anything unreadable as it is for the schema to refuse", () => {
    expect(isoBirthDate("05/12/1985")).toBe("1985-12-05");
    expect(isoBirthDate("31/02/1990")).toBe("1990-02-31");
    expect(isoBirthDate("05/12/198")).toBe("05/12/198");
    expect(isoBirthDate("")).toBe("");
    expect(shownBirthDate("1985-12-05")).toBe("05/12/1985");
    expect(shownBirthDate("")).toBe("");
  });
});

describe("withPairProblems: the NIC and the date of birth checked together", () => {
  const values = { nic: "853400937V", birthDate: "05/12/1985" };

  it("says a mismatch on the field changed last, and nothing on the other", () => {
    const wrongDate = { ...values, birthDate: "06/12/1985" };
    expect(withPairProblems({}, wrongDate, "birthDate", TODAY)).toEqual({
      birthDate: APPLICATION_ERRORS.birthDateMismatch,
    });
    expect(withPairProblems({}, wrongDate, "nic", TODAY)).toEqual({
      nic: APPLICATION_ERRORS.nicMismatch,
    });
    // The schema's mismatch (always on the NIC) moves to the date when the date was changed.
    expect(
      withPairProblems({ nic: APPLICATION_ERRORS.nicMismatch }, wrongDate, "birthDate", TODAY),
    ).toEqual({ birthDate: APPLICATION_ERRORS.birthDateMismatch });
  });

  it("clears the pair's messages once the two agree, and keeps the fields' own", () => {
    expect(
      withPairProblems(
        { nic: APPLICATION_ERRORS.nicMismatch, phone: APPLICATION_ERRORS.required },
        values,
        "nic",
        TODAY,
      ),
    ).toEqual({ phone: APPLICATION_ERRORS.required });
    // Not comparable (a NIC half typed): the mismatch goes, a format problem stays.
    expect(
      withPairProblems(
        { nic: APPLICATION_ERRORS.nic, birthDate: APPLICATION_ERRORS.birthDateMismatch },
        { ...values, nic: "8534" },
        "nic",
        TODAY,
      ),
    ).toEqual({ nic: APPLICATION_ERRORS.nic });
  });

  it("checks the age rule on the date once the two agree", () => {
    expect(
      withPairProblems({}, { nic: "200832712345", birthDate: "22/11/2008" }, "nic", TODAY),
    ).toEqual({ birthDate: APPLICATION_ERRORS.tooYoung });
    expect(
      withPairProblems({}, { nic: "195532612345", birthDate: "21/11/1955" }, "nic", TODAY),
    ).toEqual({ birthDate: APPLICATION_ERRORS.tooOld });
    expect(
      withPairProblems({}, { nic: "200832612345", birthDate: "21/11/2008" }, "nic", TODAY),
    ).toEqual({});
  });
});
