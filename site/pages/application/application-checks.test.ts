import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { TEST_TODAY, validApplication } from "../../../core/domain/schemas/application.fixtures";
import { applicationProblems, fieldProblem, stepProblems } from "./application-checks";
import {
  type ApplicationFormValues,
  firstInvalidField,
  initialFormValues,
} from "./application-form";

const filled: ApplicationFormValues = {
  ...validApplication,
  monthlyIncome: String(validApplication.monthlyIncome),
};

describe("checking the form with the server's schema", () => {
  it("finds nothing wrong with a valid application", () => {
    expect(applicationProblems(filled, TEST_TODAY)).toEqual({});
  });

  it("reports every field of an empty form as required, consents with their own texts", () => {
    const errors = applicationProblems(initialFormValues({ amount: 50_000, term: 91 }), TEST_TODAY);
    expect(errors).toMatchObject({
      purpose: APPLICATION_ERRORS.required,
      fullName: APPLICATION_ERRORS.required,
      monthlyIncome: APPLICATION_ERRORS.required,
      "consents.terms": APPLICATION_ERRORS.consentTerms,
      "consents.shareWithLenders": APPLICATION_ERRORS.consentShare,
    });
    expect(errors).not.toHaveProperty("consents.marketing");
    expect(firstInvalidField(errors)).toBe("purpose");
  });

  it("checks a step alone, the NIC against the birth date included", () => {
    const values = { ...initialFormValues(filled), ...filled, birthDate: "1985-12-06" };
    values.consents = { terms: false, shareWithLenders: false, marketing: false };
    expect(stepProblems(values, TEST_TODAY, 0)).toEqual({});
    expect(stepProblems(values, TEST_TODAY, 1)).toEqual({ nic: APPLICATION_ERRORS.nicMismatch });
    expect(stepProblems(values, TEST_TODAY, 2)).toEqual({});
    expect(Object.keys(stepProblems(values, TEST_TODAY, 3))).toEqual([
      "consents.terms",
      "consents.shareWithLenders",
    ]);
  });

  it("names only a step's own fields on an empty form, never another step's (issue 32)", () => {
    const empty = initialFormValues({ amount: 50_000, term: 90 });
    expect(stepProblems(empty, TEST_TODAY, 0)).toEqual({ purpose: APPLICATION_ERRORS.required });
    expect(Object.keys(stepProblems(empty, TEST_TODAY, 1)).sort()).toEqual(
      ["birthDate", "email", "fullName", "nic", "phone"].sort(),
    );
    expect(Object.keys(stepProblems(empty, TEST_TODAY, 2)).sort()).toEqual(
      ["bank", "district", "employment", "monthlyIncome"].sort(),
    );
    expect(Object.keys(stepProblems(empty, TEST_TODAY, 3)).sort()).toEqual(
      ["consents.shareWithLenders", "consents.terms"].sort(),
    );
    expect(stepProblems(empty, TEST_TODAY, 4)).toEqual({});
  });

  it("checks one field as the visitor leaves it", () => {
    expect(fieldProblem("nic", { ...filled, nic: "12345" })).toBe(APPLICATION_ERRORS.nic);
    expect(fieldProblem("nic", filled)).toBeUndefined();
    expect(fieldProblem("phone", { ...filled, phone: "011 234 5678" })).toBe(
      APPLICATION_ERRORS.phone,
    );
    expect(fieldProblem("monthlyIncome", { ...filled, monthlyIncome: "" })).toBe(
      APPLICATION_ERRORS.required,
    );
    expect(
      fieldProblem("consents.terms", { ...filled, consents: { ...filled.consents, terms: false } }),
    ).toBe(APPLICATION_ERRORS.consentTerms);
    expect(fieldProblem("consents.marketing", filled)).toBeUndefined();
  });
});
