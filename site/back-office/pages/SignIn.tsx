import type { SignInCodeView, SignInView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import { Alert, CsrfField, Notice } from "../fields";
import type { BackOfficeMessages } from "../messages";

export function SignInPage({ view, t }: { view: SignInView; t: BackOfficeMessages }) {
  const seconds = view.waitSeconds ?? 0;
  const problem = {
    mismatch: t.signInMismatch,
    wait: fill(t.signInWait, { seconds }),
    busy: fill(t.signInBusy, { seconds }),
    code_tries: t.signInCodeTries,
    refused: t.signInRefused,
  };
  const notice = {
    signed_out: t.noticeSignedOut,
    ended: t.noticeEnded,
    everywhere: t.noticeEverywhere,
    enrolled: t.noticeEnrolled,
  };
  return (
    <>
      {view.problem ? <Alert>{problem[view.problem]}</Alert> : null}
      {view.notice && !view.problem ? <Notice>{notice[view.notice]}</Notice> : null}
      <form method="post" action="/admin/sign-in/">
        {view.next ? <input type="hidden" name="next" value={view.next} /> : null}
        <label htmlFor="email">{t.signInEmail}</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={view.email}
        />
        <label htmlFor="password">{t.signInPassword}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <p>
          <button type="submit">{t.signInSubmit}</button>
        </p>
      </form>
    </>
  );
}

export function SignInCodePage({ view, t }: { view: SignInCodeView; t: BackOfficeMessages }) {
  const tries = view.triesLeft ?? 0;
  return (
    <>
      {view.problem === "wrong" ? <Alert>{fill(t.codeWrong, { tries })}</Alert> : null}
      {view.problem === "wait" ? (
        <Alert>{fill(t.codeWait, { seconds: view.waitSeconds ?? 0 })}</Alert>
      ) : null}
      <p>{t.codeIntro}</p>
      <form method="post" action="/admin/sign-in/code/">
        <CsrfField csrf={view.csrf} />
        {view.next ? <input type="hidden" name="next" value={view.next} /> : null}
        <label htmlFor="code">{t.codeLabel}</label>
        <span className="hint" id="code-hint">
          {t.codeHint}
        </span>
        <input
          id="code"
          name="code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={20}
          aria-describedby="code-hint"
          aria-invalid={view.problem === "wrong" ? true : undefined}
        />
        <p>
          <button type="submit">{t.codeSubmit}</button>
        </p>
      </form>
      <p>
        <a href="/admin/sign-in/">{t.codeStartAgain}</a>
      </p>
    </>
  );
}
