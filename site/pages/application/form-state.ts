import type { CalendarDate } from "../../../core/helpers/dates";
import type { PendingVerification, SavedApplication } from "../../../core/views/site-contract";
import {
  type ApplicationFormValues,
  DEFAULT_FORM_VERSION,
  type FieldErrors,
  type FieldPath,
  firstInvalidField,
  initialFormValues,
  stepOf,
} from "./application-form";
import { birthDateFromNic, type NicDateField, withPairProblems } from "./birth-date";
import type { FormVersion } from "./prefill";
import type { SubmitOutcome } from "./submit-outcome";

/**
 * The application form's state and every way it changes, without React or
 * the browser: use-application-form.ts runs the effects and the requests
 * and dispatches what came of them.
 */

export type SubmitStatus = "idle" | "sending" | "failed" | "throttled" | "notSent" | "offline";

export interface FormState {
  values: ApplicationFormValues;
  /** English messages by field; a field checked and found fine may hold undefined. */
  errors: FieldErrors;
  /** The server renders the link's version (3 without one); the browser may then remember another. */
  version: FormVersion;
  /** The step version 3 shows (0 to 3); version 2 shows every step. */
  step: number;
  status: SubmitStatus;
  /** The list of problems above the form, shown after a refused submit. */
  summaryShown: boolean;
  /** The submit button works only once the page is hydrated. */
  hydrated: boolean;
  /** After a successful submit: the code step, for the lead waiting for its code. */
  verification?: { pending: PendingVerification; phone: string } | undefined;
  /** The day the age rule is checked on (Colombo's, as the server rendered the page). */
  today: CalendarDate;
  /** The date of birth was written by the form from the NIC (not typed): a new NIC writes it again. */
  birthDateFromNic: boolean;
  /** Of the NIC and the date of birth, the one the visitor changed last: a mismatch shows there. */
  changedLast: NicDateField;
  /** The form started from the visitor's saved application (decision 0196); "Start again" empties it. */
  restored: boolean;
}

export type FormAction =
  | { type: "hydrated"; version: FormVersion }
  /** `path` is the field the visitor changed (the calculator's change is "amount"). */
  | { type: "changed"; path: FieldPath; values: ApplicationFormValues }
  /** "Start again": the values the link alone gives, every answer and problem gone. */
  | { type: "startedAgain"; values: ApplicationFormValues }
  /** Shown again from the browser's back-forward cache after the offers: the form, not the code step. */
  | { type: "returned" }
  | { type: "fieldChecked"; path: FieldPath; problem: string | undefined }
  /** `step` is the step that was checked: the visitor may have moved while the checks loaded. */
  | { type: "stepChecked"; step: number; problems: FieldErrors }
  | { type: "checksUnavailable" }
  | { type: "wentBack" }
  | { type: "summaryLinkFollowed"; path: FieldPath }
  | { type: "sendingStarted" }
  /** The whole application passed the checks and is being posted. */
  | { type: "applicationChecked" }
  | { type: "submitEnded"; outcome: SubmitOutcome }
  /** From the code step back to the form, to correct the number (a new submit, a new code). */
  | { type: "detailsReopened" };

export function initialFormState({
  view,
  today,
}: {
  view: {
    amount: number;
    term: number;
    purpose?: string | undefined;
    version?: FormVersion | undefined;
    saved?: SavedApplication | undefined;
  };
  today: CalendarDate;
}): FormState {
  return {
    values: initialFormValues(view),
    errors: {},
    version: view.version ?? DEFAULT_FORM_VERSION,
    step: 0,
    status: "idle",
    summaryShown: false,
    hydrated: false,
    today,
    birthDateFromNic: view.saved !== undefined,
    changedLast: "nic",
    restored: view.saved !== undefined,
  };
}

function withoutField(errors: FieldErrors, path: FieldPath): FieldErrors {
  const rest = { ...errors };
  delete rest[path];
  return rest;
}

/** The NIC and the date of birth checked together on what the state now holds. */
function paired(state: FormState, errors: FieldErrors): FieldErrors {
  return withPairProblems(errors, state.values, state.changedLast, state.today);
}

/**
 * A change of one field. A NIC that reads whole writes the date of birth
 * it holds, unless the visitor typed a date of their own (then the two are
 * compared); then the pair is checked again (decision 0195).
 */
function changed(state: FormState, path: FieldPath, values: ApplicationFormValues): FormState {
  let next: FormState = {
    ...state,
    values,
    // A change is a new attempt: the last submit's failure no longer applies.
    status: FAILURES.includes(state.status) ? "idle" : state.status,
  };
  if (path === "birthDate") {
    next = { ...next, birthDateFromNic: false, changedLast: "birthDate" };
  } else if (path === "nic") {
    next = { ...next, changedLast: "nic" };
    const fromNic = birthDateFromNic(values.nic);
    if (fromNic && (values.birthDate === "" || state.birthDateFromNic)) {
      next = {
        ...next,
        values: { ...values, birthDate: fromNic },
        birthDateFromNic: true,
        // The date is now a real one: "required" or a format problem on it no longer applies.
        errors: withoutField(next.errors, "birthDate"),
      };
    }
  } else {
    return update(state, { values: next.values, status: next.status });
  }
  return { ...next, errors: paired(next, next.errors) };
}

/** The statuses a change clears: the last submit's failure no longer applies. */
const FAILURES: readonly SubmitStatus[] = ["failed", "throttled", "notSent", "offline"];

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case "hydrated":
      return update(state, { hydrated: true, version: action.version });
    case "changed":
      return changed(state, action.path, action.values);
    case "startedAgain":
      return {
        ...state,
        values: action.values,
        errors: {},
        step: 0,
        status: "idle",
        summaryShown: false,
        birthDateFromNic: false,
        changedLast: "nic",
        restored: false,
      };
    case "returned":
      return update(state, { verification: undefined });
    case "fieldChecked": {
      const errors = { ...state.errors, [action.path]: action.problem };
      return {
        ...state,
        errors:
          action.path === "nic" || action.path === "birthDate" ? paired(state, errors) : errors,
      };
    }
    case "stepChecked": {
      const problems =
        stepOf("nic") === action.step ? paired(state, action.problems) : action.problems;
      const errors = {
        ...Object.fromEntries(
          Object.entries(state.errors).filter(
            ([path]) => stepOf(path as FieldPath) !== action.step,
          ),
        ),
        ...problems,
      };
      // The summary lists this step's problems only (ErrorSummary shows the step's fields).
      if (firstInvalidField(problems)) return { ...state, errors, summaryShown: true };
      return { ...state, errors, status: "idle", step: action.step + 1, summaryShown: false };
    }
    case "checksUnavailable":
      return update(state, { status: "failed" });
    case "wentBack":
      return update(state, { step: state.step - 1, summaryShown: false });
    case "summaryLinkFollowed":
      return state.version === 3 ? update(state, { step: stepOf(action.path) }) : state;
    case "sendingStarted":
      return update(state, { status: "sending" });
    case "applicationChecked":
      return { ...state, errors: {}, summaryShown: false };
    case "submitEnded":
      return afterSubmit(state, action.outcome);
    case "detailsReopened":
      return update(state, { verification: undefined });
  }
}

function afterSubmit(state: FormState, outcome: SubmitOutcome): FormState {
  switch (outcome.kind) {
    case "created":
      // The code step: the form's values stay, should the visitor go back to correct the number.
      return {
        ...state,
        status: "idle",
        verification: { pending: outcome.pending, phone: state.values.phone },
      };
    case "invalid": {
      // The schema and the server say a mismatch on the NIC: here it goes where the visitor was.
      const errors = paired(state, outcome.errors);
      const first = firstInvalidField(errors);
      return {
        ...state,
        status: "idle",
        errors,
        summaryShown: true,
        step: state.version === 3 && first ? stepOf(first) : state.step,
      };
    }
    default:
      return update(state, { status: outcome.kind });
  }
}

/**
 * The state with some of it replaced, or the same object when nothing
 * changes: React then skips the render and its effects, as it did for the
 * separate useState calls this reducer replaced (the focus effect depends on
 * which renders happen).
 */
function update(state: FormState, changes: Partial<FormState>): FormState {
  const same = (Object.keys(changes) as (keyof FormState)[]).every((key) =>
    Object.is(state[key], changes[key]),
  );
  return same ? state : { ...state, ...changes };
}
