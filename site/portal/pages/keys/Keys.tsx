import type { Locale } from "../../../../core/locale";
import type { KeysView, PORTAL_ROTATABLE_KEYS } from "../../../../core/views/portal/keys";
import { CsrfField, Notice } from "../../../operator/fields";
import { keysMessagesFor } from "./keys-messages";

/**
 * The partner portal's keys page (issue 18, decision 0237): the publishable
 * key, the allowed origins (one per line), and new keys after a
 * confirmation; a new key is shown once, on the rotation's answer.
 */
export function KeysPage({ view, locale, base }: { view: KeysView; locale: Locale; base: string }) {
  const t = keysMessagesFor(locale);
  const path = `${base}keys/`;
  if (view.confirm) {
    const key = view.confirm;
    return (
      <section aria-labelledby="confirm-title">
        <h2 id="confirm-title">{t.confirmTitle[key]}</h2>
        <p>{t.confirmText[key]}</p>
        <form method="post" action={`${path}rotate/`}>
          <CsrfField csrf={view.csrf} />
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="danger">
            {t.confirmYes[key]}
          </button>{" "}
          <a className="button secondary" href={path}>
            {t.cancel}
          </a>
        </form>
      </section>
    );
  }
  const problems = view.originProblems ?? [];
  const rotateLink = (key: (typeof PORTAL_ROTATABLE_KEYS)[number]) => (
    <p>
      <a className="button secondary" href={`${path}rotate/?key=${key}`}>
        {t.rotate[key]}
      </a>
    </p>
  );
  return (
    <>
      {view.issued ? (
        <section className="keys-issued" aria-labelledby="issued-title">
          <h2 id="issued-title">{t.issuedTitle[view.issued.key]}</h2>
          <p>
            <code className="secret" id="issued-key">
              {view.issued.value}
            </code>
          </p>
          <p role="status">
            <strong>{t.issuedCopy}</strong> {t.issuedNote[view.issued.key]}
          </p>
          <p>
            <a className="portal-target" href={path}>
              {t.backToKeys}
            </a>
          </p>
        </section>
      ) : null}
      {view.notice === "origins_saved" ? <Notice>{t.originsSaved}</Notice> : null}
      <h2>{t.publishableTitle}</h2>
      <p>
        <code className="secret">{view.publishableKey}</code>
      </p>
      <p className="hint">{t.publishableHint}</p>
      {rotateLink("publishable")}
      <h2 id="origins-title">{t.originsTitle}</h2>
      {problems.length > 0 ? (
        <div className="alert" role="alert" id="origins-error">
          <p>{t.originsSummary}</p>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.line}-${problem.problem}`}>
                {problem.line > 0 ? (
                  <>
                    {t.originLine.replace("{line}", String(problem.line))}
                    {problem.value ? (
                      <>
                        {" ("}
                        <code>{problem.value}</code>
                        {")"}
                      </>
                    ) : null}
                    {": "}
                  </>
                ) : null}
                {t.originProblems[problem.problem]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.origins.length === 0 && problems.length === 0 ? <p>{t.originsEmpty}</p> : null}
      <form method="post" action={`${path}origins`} noValidate>
        <CsrfField csrf={view.csrf} />
        <label htmlFor="origins">{t.originsLabel}</label>
        <span className="hint" id="origins-hint">
          {t.originsHint} {view.localHttp ? t.originsLocalHint : null}
        </span>
        <textarea
          id="origins"
          name="origins"
          rows={Math.min(10, Math.max(3, view.origins.length + 1))}
          spellCheck={false}
          autoCapitalize="none"
          defaultValue={view.origins.join("\n")}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={problems.length > 0 ? "origins-hint origins-error" : "origins-hint"}
        />
        <p>
          <button type="submit">{t.originsSave}</button>
        </p>
      </form>
      <h2>{t.secretTitle}</h2>
      <p>{t.secretHint}</p>
      {rotateLink("secret")}
      <h2>{t.postbackTitle}</h2>
      <p>{t.postbackHint}</p>
      {rotateLink("postback")}
    </>
  );
}
