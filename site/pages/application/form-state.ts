import type { PendingVerification } from "../../../core/site-contract";
import {
  type ApplicationFormValues,
  type FieldErrors,
  type FieldPath,
  firstInvalidField,
  initialFormValues,
  type SubmitOutcome,
  stepOf,
} from "./application-form";
import type { FormVersion } from "./prefill";

/**
 * The application form's state and every way it changes, without React or
 * the browser: use-application-form.ts runs the effects and the requests
 * and dispatches what came of them.
 */

export type SubmitStatus = "idle" | "sending" | "failed" | "throttled" | "notSent";

export interface FormState {
  values: ApplicationFormValues;
  /** English messages by field; a field checked and found fine may hold undefined. */
  errors: FieldErrors;
  /** The server renders the link's version (2 without one); the browser may then remember another. */
  version: FormVersion;
  /** The step version 3 shows (0, 1 or 2); version 2 shows every step. */
  step: number;
  status: SubmitStatus;
  /** The list of problems above the form, shown after a refused submit. */
  summaryShown: boolean;
  /** The submit button works only once the page is hydrated. */
  hydrated: boolean;
  /** After a successful submit: the code step, for the lead waiting for its code. */
  verification?: { pending: PendingVerification; phone: string } | undefined;
}

export type FormAction =
  | { type: "hydrated"; version: FormVersion }
  | { type: "changed"; values: ApplicationFormValues }
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

export function initialFormState(prefill: {
  amount: number;
  term: number;
  purpose?: string | undefined;
  version?: FormVersion | undefined;
}): FormState {
  return {
    values: initialFormValues(prefill),
    errors: {},
    version: prefill.version ?? 2,
    step: 0,
    status: "idle",
    summaryShown: false,
    hydrated: false,
  };
}

/** The statuses a change clears: the last submit's failure no longer applies. */
const FAILURES: readonly SubmitStatus[] = ["failed", "throttled", "notSent"];

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case "hydrated":
      return update(state, { hydrated: true, version: action.version });
    case "changed":
      // A change is a new attempt: the last submit's failure no longer applies.
      return update(state, {
        values: action.values,
        status: FAILURES.includes(state.status) ? "idle" : state.status,
      });
    case "fieldChecked":
      return { ...state, errors: { ...state.errors, [action.path]: action.problem } };
    case "stepChecked": {
      const errors = {
        ...Object.fromEntries(
          Object.entries(state.errors).filter(
            ([path]) => stepOf(path as FieldPath) !== action.step,
          ),
        ),
        ...action.problems,
      };
      if (firstInvalidField(action.problems)) return { ...state, errors };
      return { ...state, errors, status: "idle", step: action.step + 1 };
    }
    case "checksUnavailable":
      return update(state, { status: "failed" });
    case "wentBack":
      return update(state, { step: state.step - 1 });
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
      const first = firstInvalidField(outcome.errors);
      return {
        ...state,
        status: "idle",
        errors: outcome.errors,
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
