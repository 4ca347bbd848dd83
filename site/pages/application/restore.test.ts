import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { TEST_TODAY } from "../../../core/domain/schemas/application.fixtures";
import { fieldLabels } from "./field-text";
import { formReducer, initialFormState } from "./form-state";
import { nicStatusText } from "./restore";

const fresh = initialFormState({ view: { amount: 20_000, term: 120 }, today: TEST_TODAY });
const typeNic = (nic: string, state = fresh) =>
  formReducer(state, { type: "changed", path: "nic", values: { ...state.values, nic } });

describe("the NIC's status line", () => {
  it("says nothing before a NIC gives a date", () => {
    expect(nicStatusText("en", fresh, fieldLabels("en"))).toBe("");
    expect(nicStatusText("en", typeNic("8534"), fieldLabels("en"))).toBe("");
  });

  it("says the date the NIC filled in, in the page's language", () => {
    expect(nicStatusText("en", typeNic("853400937V"), fieldLabels("en"))).toBe(
      "Date of birth filled in from your NIC number: 05/12/1985.",
    );
    expect(nicStatusText("si", typeNic("853400937V"), fieldLabels("si"))).toBe(
      "ඔබේ ජාතික හැඳුනුම්පත් අංකයෙන් උපන් දිනය පුරවන ලදී: 05/12/1985.",
    );
  });

  it("adds the pair's problem, on its field, and not a field's own", () => {
    const tooYoung = typeNic("201032512345");
    expect(tooYoung.errors.birthDate).toBe(APPLICATION_ERRORS.tooYoung);
    expect(nicStatusText("en", tooYoung, fieldLabels("en"))).toBe(
      "Date of birth filled in from your NIC number: 20/11/2010. Date of birth: You must be at least 18 to apply",
    );
    const own = { ...fresh, errors: { nic: APPLICATION_ERRORS.nic } };
    expect(nicStatusText("en", own, fieldLabels("en"))).toBe("");
  });
});
