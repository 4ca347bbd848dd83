import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  CODE_DIGITS,
  CODE_TTL_MINUTES,
  codeDigits,
  formatWait,
} from "../../core/domain/verification";
import { type Locale, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import type { PendingVerification } from "../../core/views/site-contract";
import type { HttpResult } from "../../widget/runtime/http";
import { type VerificationMessages, verificationMessagesFor } from "../messages/verification";
import { type OnceSender, onceSender } from "./send-once";

export interface VerificationFormProps {
  locale: Locale;
  pending: PendingVerification;
  /** The number the code went to, when the page knows it (the application page does). */
  phone?: string | undefined;
  /** 1 on the offers page, where it is the page; 2 on the application page. */
  headingLevel: 1 | 2;
  /** Puts the caret in the code field when shown (after a submit, not on a page load). */
  autoFocus?: boolean;
  onVerified(): void;
  /** Back to the form, to correct a mistyped number (the application page). */
  onChangeDetails?: (() => void) | undefined;
}

/** The problems other than a wrong code, each with its message's key. */
const PROBLEM_TEXT = {
  empty: "codeEmpty",
  tooManyTries: "codeTooManyTries",
  expired: "codeExpired",
  network: "codeNetwork",
  offline: "codeOffline",
  throttled: "codeThrottled",
  notSent: "codeNotSent",
  gone: "codeGone",
} as const satisfies Record<string, keyof VerificationMessages>;

type Problem = { kind: keyof typeof PROBLEM_TEXT } | { kind: "wrong"; tries: number };

/** The problems that are about what was typed: the field is marked invalid. */
const FIELD_PROBLEMS = new Set(["empty", "wrong", "tooManyTries", "expired"]);

function problemText(t: VerificationMessages, problem: Problem): string {
  return problem.kind === "wrong"
    ? fill(t.codeWrong, { tries: problem.tries })
    : t[PROBLEM_TEXT[problem.kind]];
}

function errorOf(result: HttpResult): { code?: string; triesLeft?: number; resendAt?: string } {
  const data = result.data as {
    error?: { code?: unknown };
    verification?: { triesLeft?: unknown; resendAt?: unknown };
  } | null;
  const code = data?.error?.code;
  const triesLeft = data?.verification?.triesLeft;
  const resendAt = data?.verification?.resendAt;
  return {
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof triesLeft === "number" ? { triesLeft } : {}),
    ...(typeof resendAt === "string" ? { resendAt } : {}),
  };
}

/** What a failed check or resend means for the visitor (a 409 is a success told twice). */
function problemOf(result: HttpResult): Problem {
  const { code, triesLeft } = errorOf(result);
  if (result.status === 0) return { kind: "offline" };
  if (code === "wrong_code") return { kind: "wrong", tries: triesLeft ?? 0 };
  if (code === "too_many_tries") return { kind: "tooManyTries" };
  if (code === "code_expired") return { kind: "expired" };
  if (code === "invalid_body") return { kind: "empty" };
  if (result.status === 404) return { kind: "gone" };
  if (result.status === 429) return { kind: "throttled" };
  if (result.status === 503) return { kind: "notSent" };
  return { kind: "network" };
}

/**
 * The one-time code step (issue 14), on the application page after a
 * submit and on the offers page of an application waiting for its code:
 * the code field (autofill one-time-code, a numeric keyboard, WebOTP where
 * the browser has it), checked by itself at the sixth digit, the check,
 * and a new code after a wait that grows. Errors are announced and tied
 * to the field. A chunk of its own (verification-form.ts loads it), with
 * its copy. The wait is counted only once mounted, so the server's render
 * and the browser's first one agree.
 */
export function VerificationForm(props: VerificationFormProps) {
  const { locale, pending, phone, headingLevel, autoFocus = false } = props;
  const t = verificationMessagesFor(locale);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    intro: `${id}-intro`,
    code: "verification-code",
    hint: `${id}-hint`,
    error: `${id}-error`,
  };
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [verified, setVerified] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const [resendAt, setResendAt] = useState(() => Date.parse(pending.resendAt));
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  /** Undefined until mounted: the server cannot know the browser's clock. */
  const [now, setNow] = useState<number>();
  const input = useRef<HTMLInputElement>(null);
  /** The last code sent, so a refused one is not sent again by itself. */
  const autoSent = useRef<string | undefined>(undefined);
  /** The browser's WebOTP request while it waits for the SMS. */
  const webOtp = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    if (Date.now() >= resendAt) return;
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= resendAt) clearInterval(timer);
    }, 1_000);
    return () => clearInterval(timer);
  }, [resendAt]);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const url = (path: string) =>
    `/api/applications/${encodeURIComponent(pending.leadId)}/verification${path}`;
  const succeed = () => {
    setVerified(true);
    props.onVerified();
  };
  const sender = useRef<OnceSender | undefined>(undefined);
  const resendSender = useRef<OnceSender | undefined>(undefined);
  /** While a request waits for the connection the page says so, and the button may be pressed. */
  const waitingThen = (setBusy: (busy: boolean) => void) => ({
    waiting: () => {
      setBusy(false);
      setProblem({ kind: "offline" });
    },
    sending: () => {
      setBusy(true);
      setProblem(undefined);
    },
  });
  const fail = (next: Problem) => {
    setProblem(next);
    input.current?.focus();
  };

  /**
   * Checks a code: on the form's submit, and by itself once the sixth digit is typed, pasted
   * or given by the browser (WebOTP), each value once: a code refused is not sent again until
   * the visitor changes it (decision 0374).
   */
  const verify = async (value: string) => {
    if (checking || verified || now === undefined) return;
    setResent(false);
    if (value.length !== CODE_DIGITS) {
      fail({ kind: "empty" });
      return;
    }
    setChecking(true);
    setProblem(undefined);
    // With an Idempotency-Key, sent again when the connection returns (decision 0476).
    sender.current ??= onceSender();
    const result = await sender.current.send(url(""), { code: value }, waitingThen(setChecking));
    // Pressed again while it waited: that request answers.
    if (!result) return;
    setChecking(false);
    if (result.ok || result.status === 409) succeed();
    else fail(problemOf(result));
  };

  const check = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Submitted by hand: the browser's offer of the code is no longer waited for.
    webOtp.current?.abort();
    autoSent.current = code;
    void verify(code);
  };

  /** A value typed, pasted or given: sent by itself when whole and not sent already. */
  const enter = (value: string) => {
    setCode(value);
    if (problem?.kind === "empty") setProblem(undefined);
    if (value.length < CODE_DIGITS) {
      autoSent.current = undefined;
      return;
    }
    // Sent already, or a check under way (the button then sends what the field holds).
    if (value === autoSent.current || checking || verified || now === undefined) return;
    autoSent.current = value;
    webOtp.current?.abort();
    void verify(value);
  };
  const enterRef = useRef(enter);
  enterRef.current = enter;

  // WebOTP where the browser has it (the SMS's last line names our host): the code is offered
  // from the SMS and entered as if typed. Nothing happens where it is missing; it ends with the
  // form (unmounted), or when the visitor submits by hand.
  const hydrated = now !== undefined;
  useEffect(() => {
    if (!hydrated || !("OTPCredential" in window)) return;
    const controller = new AbortController();
    webOtp.current = controller;
    const request = { otp: { transport: ["sms"] }, signal: controller.signal };
    navigator.credentials
      .get(request as CredentialRequestOptions)
      .then((credential) => {
        const given = (credential as { code?: unknown } | null)?.code;
        if (typeof given === "string" && !controller.signal.aborted) {
          enterRef.current(codeDigits(given));
        }
      })
      .catch(() => {
        // Aborted, refused or timed out: the visitor types the code.
      });
    return () => controller.abort();
  }, [hydrated]);

  const resend = async () => {
    if (resending || verified) return;
    setResending(true);
    setResent(false);
    // A new code is asked for with a key of its own, kept while that request waits.
    resendSender.current ??= onceSender();
    const result = await resendSender.current.send(url("/resend"), {}, waitingThen(setResending));
    if (!result) return;
    resendSender.current = undefined;
    setResending(false);
    const { code: errorCode, resendAt: next } = errorOf(result);
    if (result.ok) {
      const answer = result.data as { verification?: { resendAt?: unknown } } | null;
      const at = answer?.verification?.resendAt;
      setResendAt(typeof at === "string" ? Date.parse(at) : Date.now());
      setProblem(undefined);
      setCode("");
      autoSent.current = undefined;
      setResent(true);
      input.current?.focus();
    } else if (result.status === 409) {
      succeed();
    } else if (errorCode === "resend_too_soon") {
      // The server's clock decides; Retry-After says how long from now, whatever this clock says.
      const seconds = Number(result.retryAfter);
      setResendAt(
        Number.isFinite(seconds) && seconds > 0
          ? Date.now() + seconds * 1000
          : next
            ? Date.parse(next)
            : Date.now(),
      );
    } else {
      fail(problemOf(result));
    }
  };

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const waitMs = now === undefined ? undefined : resendAt - now;
  const fieldProblem = problem && FIELD_PROBLEMS.has(problem.kind);
  const describedBy = [ids.intro, ids.hint, problem ? ids.error : ""].filter(Boolean).join(" ");

  return (
    <section aria-labelledby={ids.title} className="verification">
      <Heading id={ids.title} tabIndex={-1}>
        {t.codeTitle}
      </Heading>
      <p id={ids.intro} className="lead">
        {/* The number on one line: "077 100" and "2001" apart read as two numbers. */}
        {phone ? fill(t.codeIntroPhone, { phone: phone.replaceAll(" ", "\u00a0") }) : t.codeIntro}{" "}
        {fill(t.codeWhy, { minutes: CODE_TTL_MINUTES })}
      </p>
      <noscript>
        <p className="notice">{t.codeNoScript}</p>
      </noscript>
      <form className="form verification-form" method="post" noValidate onSubmit={check}>
        <div className="form-field">
          <label htmlFor={ids.code}>{t.codeLabel}</label>
          <input
            ref={input}
            id={ids.code}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            spellCheck={false}
            className="verification-code"
            value={code}
            onChange={(event) => enter(codeDigits(event.target.value))}
            aria-invalid={fieldProblem ? true : undefined}
            aria-describedby={describedBy}
          />
          <p id={ids.hint} className="field-hint">
            {t.codeHint}
          </p>
          {problem ? (
            <p id={ids.error} className="field-error" role="alert">
              {problemText(t, problem)}
              {problem.kind === "gone" ? (
                <>
                  {" "}
                  <a href={localizePath(locale, "/application/")}>{t.codeApplyAgain}</a>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="button-small"
          // Disabled until hydrated: without JavaScript the form would post nowhere useful.
          disabled={now === undefined || verified}
          aria-busy={checking}
        >
          {checking ? t.codeChecking : t.codeSubmit}
        </button>
      </form>
      <div className="verification-resend">
        {waitMs !== undefined && waitMs > 0 ? (
          <p className="field-hint">{fill(t.codeResendWait, { time: formatWait(waitMs) })}</p>
        ) : (
          <button
            type="button"
            className="button-link"
            onClick={resend}
            disabled={now === undefined || resending || verified}
          >
            {resending ? t.codeResending : t.codeResend}
          </button>
        )}
        <p className="field-hint" role="status">
          {verified ? t.codeVerified : resent ? t.codeResent : ""}
        </p>
        {props.onChangeDetails ? (
          <button type="button" className="button-link" onClick={props.onChangeDetails}>
            {t.codeChangeDetails}
          </button>
        ) : null}
      </div>
    </section>
  );
}
