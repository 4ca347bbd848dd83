import { type FormEvent, useId, useRef, useState } from "react";
import { ERASURE_CODE, type ErasureKind, typedCode } from "../../../core/domain/erasure-code";
import { type Locale, localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { postJson } from "../../../widget/runtime/http";
import { siteMessagesFor } from "../../messages";
import { erasureMessagesFor } from "../../messages/erasure";
import type { CodeProblem, RequestProblem } from "./page.server";
import { StepHeading } from "./StepHeading";

/** A code's problem as the field shows it. */
export interface CodeError {
  problem: CodeProblem;
  triesLeft?: number | undefined;
  waitMinutes?: number | undefined;
}

/**
 * The second step (decision 0090): one field for a code. A request that
 * named an e-mail and a phone has a code for each; either may come first,
 * and each erases only its own contact, so the step asks again for the one
 * still waiting. Wrong codes say how many tries are left; an expired or
 * spent request goes back to the form, which says why.
 */
export function ConfirmStep({
  locale,
  requestId,
  waiting,
  done,
  error: initialError,
  focus,
  onErased,
  onRestart,
}: {
  locale: Locale;
  requestId: string;
  waiting: ErasureKind[];
  done: ErasureKind | undefined;
  error: CodeError | undefined;
  focus: boolean;
  onErased(erased: ErasureKind, waiting: ErasureKind[]): void;
  /** Back to the form: the request expired or ran out of tries. */
  onRestart(problem: RequestProblem | undefined): void;
}) {
  const t = siteMessagesFor(locale);
  const e = erasureMessagesFor(locale);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState(initialError);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const one = waiting.length === 1 ? waiting[0] : undefined;
  const label =
    one === "email" ? e.codeLabelEmail : one === "phone" ? e.codeLabelPhone : e.codeLabelBoth;
  const intro = done
    ? one === "email"
      ? e.nextEmail
      : e.nextPhone
    : one === "email"
      ? e.confirmIntroEmail
      : one === "phone"
        ? e.confirmIntroPhone
        : e.confirmIntroBoth;
  const errorText = (shown: CodeError) => {
    if (shown.problem === "busy")
      return fill(e.errorCodeBusy, { minutes: shown.waitMinutes ?? 10 });
    if (shown.problem === "wrong" && shown.triesLeft !== undefined) {
      return shown.triesLeft === 1
        ? e.errorWrongOne
        : fill(e.errorWrong, { tries: shown.triesLeft });
    }
    return e.errorCode;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const code = typedCode(input.current?.value ?? "");
    setFailed(false);
    if (code === undefined) {
      setError({ problem: "code" });
      input.current?.focus();
      return;
    }
    setSending(true);
    const response = await postJson("/api/unsubscribe/confirm", { requestId, code });
    setSending(false);
    const data = response.data as {
      erased?: ErasureKind;
      waiting?: ErasureKind[];
      error?: { code?: string; triesLeft?: number };
    } | null;
    if (response.ok && data?.erased) {
      setError(undefined);
      if (input.current) input.current.value = "";
      onErased(data.erased, data.waiting ?? []);
      input.current?.focus();
      return;
    }
    const code_ = data?.error?.code;
    if (code_ === "wrong_code") {
      setError({ problem: "wrong", triesLeft: data?.error?.triesLeft });
      input.current?.select();
    } else if (code_ === "too_many_tries") onRestart("tries");
    else if (code_ === "code_expired") onRestart("expired");
    else if (response.status === 429) {
      const seconds = Number(response.ok ? 0 : response.retryAfter) || 600;
      setError({ problem: "busy", waitMinutes: Math.max(1, Math.ceil(seconds / 60)) });
    } else if (response.status === 400) setError({ problem: "code" });
    else setFailed(true);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <section aria-labelledby="unsubscribe-title">
      <StepHeading text={e.confirmTitle} focus={focus} />
      <p role="status" className="step-status">
        {done === "email" ? e.doneEmail : done === "phone" ? e.donePhone : ""}
      </p>
      <p className="lead">{intro}</p>
      <form
        className="form"
        method="post"
        action="/api/unsubscribe/confirm"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="requestId" value={requestId} />
        {one ? <input type="hidden" name="to" value={one} /> : null}
        <div className="form-field">
          <label htmlFor={`${id}-code`}>{label}</label>
          <p id={hintId} className="field-hint">
            {fill(e.codeHint, { minutes: ERASURE_CODE.minutes })}
          </p>
          <input
            ref={input}
            id={`${id}-code`}
            name="code"
            className="code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {errorText(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button-small" disabled={sending}>
          {sending ? t.unsubscribeSending : e.confirmSubmit}
        </button>
        {failed ? (
          <p className="field-error" role="alert">
            {t.unsubscribeFailed}
          </p>
        ) : null}
      </form>
      <p>
        <a
          href={localizePath(locale, "/unsubscribe/")}
          onClick={(event) => {
            // With the script, back to the form in place: what was typed is still there.
            event.preventDefault();
            onRestart(undefined);
          }}
        >
          {e.newCode}
        </a>
      </p>
    </section>
  );
}
