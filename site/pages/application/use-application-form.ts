import {
  type FocusEvent,
  type FormEvent,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
} from "react";
import type { CalendarDate } from "../../../core/helpers/dates";
import { type Locale, localizePath } from "../../../core/locale";
import type { LoanSelection } from "../../../widget/loan-selection";
import { type OnceSender, onceSender } from "../../components/send-once";
import { preloadVerificationForm } from "../../components/verification-form";
import { applicationExtras, trackField } from "../../tracking";
import {
  type ApplicationFormValues,
  applicationRequestBody,
  type ControlPath,
  type ControlValue,
  type FieldErrors,
  type FieldPath,
  firstInvalidField,
  initialFormValues,
  rememberedFormVersion,
  STEP_COUNT,
  valueAt,
  withValue,
} from "./application-form";
import { controlName, fieldId, SUMMARY_ID, stepTitleId } from "./element-ids";
import { fieldLabels, problemText } from "./field-text";
import type { FieldBinding } from "./fields";
import { formReducer, initialFormState } from "./form-state";
import type { ApplicationView } from "./page.server";
import { forgetSavedApplication, nicStatusText } from "./restore";
import { type SubmitOutcome, submitOutcome } from "./submit-outcome";

type Checks = typeof import("./application-checks");
let checksLoading: Promise<Checks> | undefined;

/**
 * The checks (zod and the schema) in a chunk of their own, asked for once the
 * page is hydrated; a failed load is tried again at the next check.
 */
function loadChecks(): Promise<Checks> {
  checksLoading ??= import("./application-checks").catch((error: unknown) => {
    checksLoading = undefined;
    throw error;
  });
  return checksLoading;
}

export type ApplicationForm = ReturnType<typeof useApplicationForm>;

/**
 * The application form's behaviour around its reducer: hydration and the
 * remembered version, the checks as they load, focus after a render, field
 * events, and the requests whose results it dispatches.
 */
export function useApplicationForm({
  locale,
  view,
  today,
}: {
  locale: Locale;
  view: ApplicationView;
  today: CalendarDate;
}) {
  const [state, dispatch] = useReducer(formReducer, { view, today }, initialFormState);
  const { values, errors, step } = state;
  /** The element to focus once the next render is on screen (a step heading, a field, the summary). */
  const focusNext = useRef<string | undefined>(undefined);

  useEffect(() => {
    // After hydration, so the server's markup (the steps unless the link said 2) is matched
    // first; only a session that followed a `ver=2` link may differ from it (decision 0371).
    loadChecks().catch(() => {
      // Asked for again by the first check.
    });
    const version = rememberedFormVersion(view.version, () => window.sessionStorage);
    dispatch({ type: "hydrated", version });
  }, [view.version]);

  // Back from the offers, a page the browser kept whole (back-forward cache) shows the form
  // again rather than the code step it left on; a page loaded again starts from the server's.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: "returned" });
    };
    window.addEventListener("pageshow", shown);
    return () => window.removeEventListener("pageshow", shown);
  }, []);

  // Field events (issue 6): a field's name when it is first focused, first
  // left filled, and each time it turns invalid; never what was typed.
  const reported = useRef(new Set<string>());
  const reportOnce = (action: "fieldFocus" | "fieldFilled", field: string | null) => {
    if (!field || reported.current.has(`${action}:${field}`)) return;
    reported.current.add(`${action}:${field}`);
    trackField(action, field);
  };
  const invalidShown = useRef(new Set<string>());
  useEffect(() => {
    for (const [path, message] of Object.entries(errors)) {
      if (message && !invalidShown.current.has(path)) trackField("fieldInvalid", path);
    }
    invalidShown.current = new Set(
      Object.entries(errors).flatMap(([path, message]) => (message ? [path] : [])),
    );
  }, [errors]);

  // In the commit that shows the new step, not after the paint: a passive effect ran late on a
  // busy phone and took the focus from a field the visitor had already begun typing in.
  useLayoutEffect(() => {
    if (focusNext.current === undefined) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  });

  const stepped = state.version === 3;
  const sending = state.status === "sending";
  const labels = fieldLabels(locale);

  /** Sets one field's problem (or none) once the checks are there; without them the submit says so. */
  const check = (path: FieldPath, snapshot: ApplicationFormValues) => {
    loadChecks().then(
      (checks) =>
        dispatch({ type: "fieldChecked", path, problem: checks.fieldProblem(path, snapshot) }),
      () => {
        // Checked again on the next step or on submit.
      },
    );
  };

  /** A change; a field already showing a problem is checked again as it is corrected. */
  const change = (path: FieldPath, next: ApplicationFormValues) => {
    dispatch({ type: "changed", path, values: next });
    if (errors[path] !== undefined) check(path, next);
  };

  /** Leaving a field checks it, unless it was left empty (the step or the submit says so). */
  const leave = (path: ControlPath) => {
    if (valueAt(values, path) !== "" || errors[path] !== undefined) check(path, values);
  };

  const describe = (path: FieldPath) => ({
    id: fieldId(path),
    label: labels[path],
    error: problemText(locale, errors[path]),
  });

  /** Everything a field's control needs, from its path. */
  const bind = <Path extends ControlPath>(path: Path): FieldBinding<ControlValue<Path>> => ({
    ...describe(path),
    name: controlName(path),
    value: valueAt(values, path),
    onValue: (value) => change(path, withValue(values, path, value)),
    onBlur: () => leave(path),
  });

  const changeLoan = (selection: LoanSelection) =>
    change("amount", { ...values, amount: selection.amount, term: selection.termDays });

  /** The error summary's link to a field: its step, then the field itself. */
  const goTo = (path: FieldPath) => {
    dispatch({ type: "summaryLinkFollowed", path });
    focusNext.current = fieldId(path);
    // Focus now if the field is on screen; the effect does it after a step change.
    document.getElementById(fieldId(path))?.focus();
  };

  const next = async () => {
    let problems: FieldErrors;
    try {
      problems = (await loadChecks()).stepProblems(values, today, step);
    } catch {
      dispatch({ type: "checksUnavailable" });
      return;
    }
    dispatch({ type: "stepChecked", step, problems });
    // This step's problems only, in a summary that takes focus; else the next step's title.
    focusNext.current = firstInvalidField(problems) ? SUMMARY_ID : stepTitleId(step + 1);
  };

  const back = () => {
    dispatch({ type: "wentBack" });
    focusNext.current = stepTitleId(step - 1);
  };

  // The application's Idempotency-Key lives as long as what it sends (decision 0476).
  const sender = useRef<OnceSender | undefined>(undefined);
  const submit = async () => {
    dispatch({ type: "sendingStarted" });
    let outcome: SubmitOutcome;
    try {
      const problems = (await loadChecks()).applicationProblems(values, today);
      if (firstInvalidField(problems)) {
        outcome = { kind: "invalid", errors: problems };
      } else {
        dispatch({ type: "applicationChecked" });
        const { attribution, ...extras } = applicationExtras(view.attribution);
        // The code step's chunk comes while the application is on its way.
        const codeForm = preloadVerificationForm();
        codeForm.catch(() => undefined);
        sender.current ??= onceSender();
        const response = await sender.current.send(
          `/api/applications?lang=${locale}`,
          { ...applicationRequestBody(values, attribution), ...extras },
          {
            // Nothing typed is lost; it goes again when the connection returns.
            waiting: () => dispatch({ type: "submitEnded", outcome: { kind: "offline" } }),
            sending: () => dispatch({ type: "sendingStarted" }),
          },
        );
        // The visitor pressed again: that press's request answers.
        if (!response) return;
        outcome = submitOutcome(response.status, response.data);
        if (outcome.kind === "created") {
          try {
            await codeForm;
          } catch {
            // The code was sent: the offers page asks for it (the lead_pending cookie).
            window.location.assign(localizePath(locale, "/offers/"));
            return;
          }
        }
      }
    } catch {
      // The checks could not load, or the network failed: nothing typed is lost.
      outcome = { kind: "failed" };
    }
    dispatch({ type: "submitEnded", outcome });
    if (outcome.kind === "invalid") focusNext.current = SUMMARY_ID;
  };

  /** The code is right: the offers, which the lead cookie now opens. */
  const verified = () => window.location.assign(localizePath(locale, "/offers/"));

  /**
   * "Start again" (decision 0196): the form as the link alone gives it, and
   * the server is told (a cookie holding when that application was made) not
   * to offer those answers again, to anyone using this browser.
   */
  const startAgain = () => {
    forgetSavedApplication(view.saved?.appliedAt);
    dispatch({
      type: "startedAgain",
      values: initialFormValues({
        amount: view.amount,
        term: view.term,
        purpose: view.purpose,
      }),
    });
    focusNext.current = stepTitleId(0);
  };

  const changeDetails = () => {
    dispatch({ type: "detailsReopened" });
    focusNext.current = fieldId("phone");
  };

  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (stepped && step < STEP_COUNT - 1) void next();
    else void submit();
  };

  const reportFocus = (event: FocusEvent<HTMLFormElement>) =>
    reportOnce("fieldFocus", event.target.getAttribute("name"));

  const reportFilled = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    const filled =
      target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio")
        ? target.checked
        : "value" in target && Boolean(target.value);
    if (filled) reportOnce("fieldFilled", target.getAttribute("name"));
  };

  const nicStatus = nicStatusText(locale, state, labels);

  return {
    state,
    stepped,
    nicStatus,
    sending,
    describe,
    bind,
    changeLoan,
    goTo,
    back,
    submitForm,
    reportFocus,
    reportFilled,
    verified,
    changeDetails,
    startAgain,
  };
}
