import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { TEST_TODAY } from "../../../core/domain/schemas/application.fixtures";
import { type FormState, formReducer, initialFormState } from "./form-state";

const REQUIRED = APPLICATION_ERRORS.required;

/** The form in steps, as the server renders it without `ver` (decision 0371). */
const stepped: FormState = {
  ...initialFormState({ view: { amount: 20_000, term: 120 }, today: TEST_TODAY }),
  hydrated: true,
};

describe("a step's own problems (decision 0372)", () => {
  it("starts in steps without a version from the link", () => {
    expect(stepped).toMatchObject({ version: 3, step: 0 });
  });

  it("lists a step's problems in a summary, hides it when the step passes or on Back", () => {
    const problems = { purpose: REQUIRED };
    const refused = formReducer(stepped, { type: "stepChecked", step: 0, problems });
    expect(refused).toMatchObject({ step: 0, summaryShown: true, errors: problems });
    const passed = formReducer(
      { ...refused, values: { ...refused.values, purpose: "rent" } },
      { type: "stepChecked", step: 0, problems: {} },
    );
    expect(passed).toMatchObject({ step: 1, summaryShown: false, errors: {} });
    const onStep2 = formReducer(passed, {
      type: "stepChecked",
      step: 1,
      problems: { nic: REQUIRED },
    });
    expect(formReducer(onStep2, { type: "wentBack" })).toMatchObject({
      step: 0,
      summaryShown: false,
    });
  });
});
