import { useRef, useState } from "react";
import { confirmPath, type ErasureKind } from "../../../core/domain/erasure-code";
import { type Locale, localizePath } from "../../../core/locale";
import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import { ConfirmStep } from "./ConfirmStep";
import type { UnsubscribeView } from "./page.server";
import { RequestStep, type Typed } from "./RequestStep";
import { StepHeading } from "./StepHeading";

/** A step's own address, as the server's redirects give it: never a contact. */
function addressOf(locale: Locale, step: UnsubscribeView): string {
  if (step.step === "done") return localizePath(locale, "/unsubscribe/done/");
  if (step.step === "request") return localizePath(locale, "/unsubscribe/");
  const path = localizePath(locale, confirmPath(step.requestId, step.waiting));
  return step.done ? `${path}?done=${step.done}` : path;
}

/**
 * SPEC §2's personal-data deletion request, verified (issue 14, decision
 * 0090): the form sends a code to each contact given, a code erases its
 * contact, then done. Without JavaScript each step is a page the server
 * redirects to; with it the steps follow in place and the address follows
 * them (so a reload, or a phone that dropped the tab while the visitor read
 * the SMS, comes back to the same step).
 */
export function UnsubscribePage({ locale, view }: PageProps<UnsubscribeView>) {
  const t = siteMessagesFor(locale);
  const [step, setStep] = useState(view);
  const [shownView, setShownView] = useState(view);
  // Whether the step changed in place: its heading takes the focus then, not on a page load.
  const [moved, setMoved] = useState(false);
  // Counts the steps shown, so that a form shown again starts afresh.
  const [turn, setTurn] = useState(0);
  const typed = useRef<Typed>({ email: "", phone: "" });
  if (shownView !== view) {
    // Another address of this page opened in the app (a link): start from what it shows.
    setShownView(view);
    setStep(view);
    setMoved(false);
    setTurn(turn + 1);
  }
  /** The next step; the focus stays where it is when only the contact waited for changes. */
  const go = (next: UnsubscribeView, { focusHeading = true } = {}) => {
    setStep(next);
    setTurn(turn + 1);
    if (focusHeading) setMoved(true);
    window.history.replaceState(window.history.state, "", addressOf(locale, next));
  };

  if (step.step === "done") {
    return (
      <section aria-labelledby="unsubscribe-title">
        <StepHeading text={t.unsubscribeDoneTitle} focus={moved} />
        <p>{t.unsubscribeDone}</p>
        <a href={localizePath(locale, "/")}>{t.navHome}</a>
      </section>
    );
  }
  if (step.step === "confirm") {
    return (
      <ConfirmStep
        locale={locale}
        requestId={step.requestId}
        waiting={step.waiting}
        done={step.done}
        error={
          step.error
            ? { problem: step.error, triesLeft: step.triesLeft, waitMinutes: step.waitMinutes }
            : undefined
        }
        focus={moved}
        onErased={(erased: ErasureKind, waiting: ErasureKind[]) =>
          waiting.length === 0
            ? go({ kind: "unsubscribe", step: "done" })
            : go({ ...step, waiting, done: erased, error: undefined }, { focusHeading: false })
        }
        onRestart={(problem) => go({ kind: "unsubscribe", step: "request", error: problem })}
      />
    );
  }
  return (
    <RequestStep
      // A new one each time the form comes back, with its new problem.
      key={turn}
      locale={locale}
      problem={step.error}
      waitMinutes={step.waitMinutes}
      typed={typed.current}
      focus={moved}
      onSent={(requestId, waiting, values) => {
        typed.current = values;
        go({ kind: "unsubscribe", step: "confirm", requestId, waiting });
      }}
    />
  );
}
