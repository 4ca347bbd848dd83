import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { TEST_TODAY } from "../../../core/domain/schemas/application.fixtures";
import { type FormState, formReducer, initialFormState } from "./form-state";

const REQUIRED = APPLICATION_ERRORS.required;

const prefill = { amount: 20_000, term: 120, purpose: undefined, version: undefined };
const fresh = initialFormState({ view: prefill, today: TEST_TODAY });
const stepped: FormState = { ...fresh, version: 3, hydrated: true };
/** Version 2, from a `ver=2` link: the four sections on one page. */
const onePageForm = initialFormState({ view: { ...prefill, version: 2 }, today: TEST_TODAY });

describe("the application form's first state", () => {
  it("starts from the link's prefill, in steps (version 3) unless the link said 2", () => {
    expect(fresh).toMatchObject({
      values: { amount: 20_000, term: 120, purpose: "", nic: "" },
      errors: {},
      version: 3,
      step: 0,
      status: "idle",
      summaryShown: false,
      hydrated: false,
    });
    expect(
      initialFormState({ view: { ...prefill, purpose: "rent", version: 2 }, today: TEST_TODAY }),
    ).toMatchObject({
      values: { purpose: "rent" },
      version: 2,
    });
  });

  it("is hydrated with the version the browser remembered", () => {
    expect(formReducer(fresh, { type: "hydrated", version: 3 })).toMatchObject({
      hydrated: true,
      version: 3,
    });
  });
});

describe("changes and checks of one field", () => {
  it("takes the new values and clears a failed or throttled submit", () => {
    const values = { ...fresh.values, fullName: "Kamal" };
    for (const status of ["failed", "throttled"] as const) {
      const next = formReducer({ ...fresh, status }, { type: "changed", path: "fullName", values });
      expect(next.values).toBe(values);
      expect(next.status).toBe("idle");
    }
    const sending = formReducer(
      { ...fresh, status: "sending" },
      { type: "changed", path: "fullName", values },
    );
    expect(sending.status).toBe("sending");
  });

  it("sets one field's problem, or clears it, and keeps the others", () => {
    const shown = { ...fresh, errors: { phone: REQUIRED } };
    const found = formReducer(shown, { type: "fieldChecked", path: "nic", problem: REQUIRED });
    expect(found.errors).toEqual({ phone: REQUIRED, nic: REQUIRED });
    const fine = formReducer(found, { type: "fieldChecked", path: "nic", problem: undefined });
    expect(fine.errors.nic).toBeUndefined();
    expect(fine.errors.phone).toBe(REQUIRED);
  });
});

describe("the steps of version 3", () => {
  it("moves to the next step when the checked step has no problem, and clears its old ones", () => {
    const state = { ...stepped, status: "failed" as const, errors: { purpose: REQUIRED } };
    const next = formReducer(state, { type: "stepChecked", step: 0, problems: {} });
    expect(next).toMatchObject({ step: 1, status: "idle", errors: {} });
  });

  it("stays on a step with problems, replacing that step's problems only", () => {
    const state = { ...stepped, errors: { purpose: REQUIRED, nic: REQUIRED } };
    const next = formReducer(state, {
      type: "stepChecked",
      step: 0,
      problems: { amount: REQUIRED },
    });
    expect(next.step).toBe(0);
    expect(next.errors).toEqual({ nic: REQUIRED, amount: REQUIRED });
  });

  it("moves on from the step that was checked, even if the visitor moved meanwhile", () => {
    const next = formReducer(
      { ...stepped, step: 0 },
      { type: "stepChecked", step: 1, problems: {} },
    );
    expect(next.step).toBe(2);
  });

  it("goes back one step", () => {
    expect(formReducer({ ...stepped, step: 2 }, { type: "wentBack" }).step).toBe(1);
  });

  it("fails the step when the checks cannot load", () => {
    expect(formReducer(stepped, { type: "checksUnavailable" }).status).toBe("failed");
  });

  it("shows the step of a field the error summary links to", () => {
    const next = formReducer(stepped, { type: "summaryLinkFollowed", path: "bank" });
    expect(next.step).toBe(2);
  });
});

describe("submitting", () => {
  it("is sending, then posts with no problem and no summary left", () => {
    const sending = formReducer(
      { ...fresh, errors: { nic: REQUIRED }, summaryShown: true },
      { type: "sendingStarted" },
    );
    expect(sending.status).toBe("sending");
    expect(formReducer(sending, { type: "applicationChecked" })).toMatchObject({
      status: "sending",
      errors: {},
      summaryShown: false,
    });
  });

  it("goes to the code step once created, keeping the values to go back to", () => {
    // Issue 14: it used to stay sending while the offers page loaded.
    const pending = {
      leadId: "x",
      expiresAt: "2026-11-21T08:10:00.000Z",
      resendAt: "2026-11-21T08:00:30.000Z",
      triesLeft: 5,
    };
    const values = { ...fresh.values, phone: "077 123 4567" };
    const sending = { ...fresh, values, status: "sending" as const };
    const created = formReducer(sending, {
      type: "submitEnded",
      outcome: { kind: "created", pending },
    });
    expect(created).toMatchObject({
      status: "idle",
      values,
      verification: { pending, phone: "077 123 4567" },
    });
    const back = formReducer(created, { type: "detailsReopened" });
    expect(back.verification).toBeUndefined();
    expect(back.values).toBe(values);
  });

  it("shows the problems in a summary, and version 3 the step of the first one", () => {
    const errors = { email: REQUIRED, bank: REQUIRED };
    const outcome = { kind: "invalid", errors } as const;
    const onSteps = formReducer(
      { ...stepped, step: 2, status: "sending" },
      { type: "submitEnded", outcome },
    );
    expect(onSteps).toMatchObject({ status: "idle", errors, summaryShown: true, step: 1 });
    const sending = { ...onePageForm, status: "sending" } as const;
    const onePage = formReducer(sending, { type: "submitEnded", outcome });
    expect(onePage).toMatchObject({ status: "idle", errors, summaryShown: true, step: 0 });
  });

  it.each(["failed", "throttled", "notSent"] as const)("says the submit %s", (kind) => {
    const state = { ...fresh, status: "sending" as const };
    expect(formReducer(state, { type: "submitEnded", outcome: { kind } }).status).toBe(kind);
  });
});

describe("actions that change nothing", () => {
  // The same object lets React skip the render, and the focus effect with it.
  it.each([
    ["hydrated again with the same version", { ...stepped }, { type: "hydrated", version: 3 }],
    ["failing again", { ...fresh, status: "failed" }, { type: "checksUnavailable" }],
    ["a summary link on version 2", onePageForm, { type: "summaryLinkFollowed", path: "bank" }],
    ["a summary link to this step", stepped, { type: "summaryLinkFollowed", path: "purpose" }],
    [
      "throttled again",
      { ...fresh, status: "throttled" },
      { type: "submitEnded", outcome: { kind: "throttled" } },
    ],
  ] as const)("return the same state: %s", (_case, state, action) => {
    expect(formReducer(state, action)).toBe(state);
  });
});

describe("the NIC fills the date of birth (issue 17)", () => {
  const typeNic = (state: FormState, nic: string) =>
    formReducer(state, { type: "changed", path: "nic", values: { ...state.values, nic } });
  const typeDate = (state: FormState, birthDate: string) =>
    formReducer(state, {
      type: "changed",
      path: "birthDate",
      values: { ...state.values, birthDate },
    });

  it("writes the date once the NIC is whole, and again when the NIC changes", () => {
    expect(typeNic(fresh, "85340093").values.birthDate).toBe("");
    const filled = typeNic(fresh, "853400937V");
    expect(filled).toMatchObject({ values: { birthDate: "05/12/1985" }, birthDateFromNic: true });
    expect(filled.errors).toEqual({});
    expect(typeNic(filled, "198534100937").values.birthDate).toBe("06/12/1985");
  });

  it("clears a 'required' on the date when the NIC fills it", () => {
    const shown = { ...fresh, errors: { birthDate: REQUIRED, phone: REQUIRED } };
    expect(typeNic(shown, "853400937V").errors).toEqual({ phone: REQUIRED });
  });

  it("leaves a typed date alone, and says a mismatch on the field changed last", () => {
    const typed = typeDate(typeNic(fresh, "853400937V"), "06/12/1985");
    expect(typed.birthDateFromNic).toBe(false);
    expect(typed.errors).toEqual({ birthDate: APPLICATION_ERRORS.birthDateMismatch });
    const newNic = typeNic(typed, "198534000937");
    expect(newNic.values.birthDate).toBe("06/12/1985");
    expect(newNic.errors).toEqual({ nic: APPLICATION_ERRORS.nicMismatch });
    // Fixed from either side, it goes.
    expect(typeDate(newNic, "05/12/1985").errors).toEqual({});
    expect(typeNic(newNic, "198534100937").errors).toEqual({});
  });

  it("says the age rule on the date as soon as the NIC gives it", () => {
    expect(typeNic(fresh, "201032512345").errors).toEqual({
      birthDate: APPLICATION_ERRORS.tooYoung,
    });
  });

  it("keeps the pair's message when the field's own check, arriving later, finds the NIC readable", () => {
    const mismatched = typeNic(typeDate(fresh, "06/12/1985"), "853400937V");
    expect(mismatched.errors).toEqual({ nic: APPLICATION_ERRORS.nicMismatch });
    const checked = formReducer(mismatched, {
      type: "fieldChecked",
      path: "nic",
      problem: undefined,
    });
    expect(checked.errors.nic).toBe(APPLICATION_ERRORS.nicMismatch);
  });

  it("moves the schema's mismatch on submit to the date when the date was changed last", () => {
    const typed = typeDate(typeNic(fresh, "853400937V"), "06/12/1985");
    const ended = formReducer(
      { ...typed, status: "sending" },
      {
        type: "submitEnded",
        outcome: {
          kind: "invalid",
          errors: { nic: APPLICATION_ERRORS.nicMismatch, phone: REQUIRED },
        },
      },
    );
    expect(ended.errors).toEqual({
      birthDate: APPLICATION_ERRORS.birthDateMismatch,
      phone: REQUIRED,
    });
  });
});

describe("coming back to the application (decision 0196)", () => {
  const saved = {
    appliedAt: "2026-11-21T10:00:00.000Z",
    amount: 30_000,
    termDays: 180,
    purpose: "rent",
    fullName: "Kamal Perera",
    nic: "853400937V",
    birthDate: "1985-12-05",
    phone: "+94771234567",
    email: "kamal.perera@example.lk",
    monthlyIncome: 85_000,
    employment: "salaried",
    bank: "boc",
    district: "Colombo",
  };

  it("starts from the saved answers as the fields show them, the consents unticked", () => {
    const state = initialFormState({ view: { ...prefill, saved }, today: TEST_TODAY });
    expect(state).toMatchObject({
      restored: true,
      birthDateFromNic: true,
      values: {
        amount: 30_000,
        term: 180,
        purpose: "rent",
        nic: "853400937V",
        birthDate: "05/12/1985",
        phone: "077 123 4567",
        monthlyIncome: "85000",
        consents: { terms: false, shareWithLenders: false, marketing: false },
      },
    });
  });

  it("empties everything on Start again", () => {
    const state = initialFormState({ view: { ...prefill, saved }, today: TEST_TODAY });
    const shown = { ...state, errors: { phone: REQUIRED }, summaryShown: true };
    const again = formReducer(shown, { type: "startedAgain", values: fresh.values });
    expect(again).toMatchObject({
      values: fresh.values,
      errors: {},
      summaryShown: false,
      restored: false,
      birthDateFromNic: false,
    });
  });
});
