import { fill } from "../../../../core/messages";
import { TEST_PROFILES, type TestSendView } from "../../../../core/views/lender-portal";
import { Alert, CsrfField, Notice } from "../../../operator/fields";
import type { LenderPortalMessages } from "../../messages";
import type { LenderPageOf } from "../../page";

/** What the last test application sent and got back. */
function Sent({ sent, t }: { sent: TestSendView; t: LenderPortalMessages }) {
  return (
    <section aria-labelledby="test-result">
      <h2 id="test-result">{t.resultTitle}</h2>
      <dl>
        <dt>{t.outcome}</dt>
        <dd data-outcome={sent.outcome}>{t.outcomes[sent.outcome]}</dd>
        {[
          [t.error, sent.error],
          [t.rule, sent.rule],
        ].map(([term, code]) =>
          code ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>
                <code>{code}</code>
              </dd>
            </div>
          ) : null,
        )}
        <dt>{t.latency}</dt>
        <dd>{fill(t.milliseconds, { ms: sent.latencyMs })}</dd>
      </dl>
      <h3>{t.requestSent}</h3>
      <pre className="lender-sent">
        {sent.headers.map((header) => `${header.name}: ${header.value}\n`).join("")}
        {`\n${sent.request}`}
      </pre>
      <h3>{t.answer}</h3>
      {sent.answer ? (
        <>
          <p>
            {t.answerStatus}: <code>{sent.answer.status}</code>
          </p>
          <pre className="lender-sent">{sent.answer.body}</pre>
        </>
      ) : (
        <p>{t.noAnswer}</p>
      )}
    </section>
  );
}

/** Test mode (decision 0386): the test URL, the test secret, and a test application to send. */
export const testPage: LenderPageOf<"test"> = {
  title: (_view, { t }) => t.testTitle,
  section: () => "test",
  Body: ({ view, t, base }) => {
    const action = `${base}test/`;
    return (
      <>
        {view.problem ? <Alert>{t.urlProblems[view.problem]}</Alert> : null}
        {view.notice && !view.problem ? <Notice>{t.urlSaved}</Notice> : null}
        <p>{t.testIntro}</p>
        <p>{t.testNever}</p>
        <form method="post" action={`${action}url`}>
          <CsrfField csrf={view.csrf} />
          <label htmlFor="url">{t.testUrl}</label>
          <span className="hint" id="url-hint">
            {view.loopbackAllowed ? `${t.testUrlHint} ${t.testUrlLoopback}` : t.testUrlHint}
          </span>
          <input
            id="url"
            name="url"
            type="url"
            required
            maxLength={2000}
            defaultValue={view.url}
            aria-describedby="url-hint"
            aria-invalid={
              view.problem === "url_invalid" || view.problem === "url_refused" ? true : undefined
            }
          />
          <p>
            <button type="submit">{t.saveUrl}</button>
          </p>
        </form>
        <h2>{t.testSecret}</h2>
        {view.newSecret ? (
          <>
            <Notice>{t.secretNew}</Notice>
            <p>
              <code className="secret">{view.newSecret}</code>
            </p>
          </>
        ) : (
          <p>{view.hasSecret ? t.secretSet : t.secretNone}</p>
        )}
        <form method="post" action={`${action}secret`}>
          <CsrfField csrf={view.csrf} />
          <button type="submit">{view.hasSecret ? t.secretRotate : t.secretCreate}</button>
        </form>
        <h2>{t.send}</h2>
        <form method="post" action={`${action}send`}>
          <CsrfField csrf={view.csrf} />
          <fieldset>
            <legend>{t.profileLegend}</legend>
            {TEST_PROFILES.map((profile) => (
              <label key={profile} className="choice">
                <input
                  type="radio"
                  name="profile"
                  value={profile}
                  defaultChecked={profile === view.profile}
                />{" "}
                {t.profiles[profile]}
              </label>
            ))}
          </fieldset>
          <p>
            <button type="submit">{t.send}</button>
          </p>
        </form>
        {view.sent ? <Sent sent={view.sent} t={t} /> : null}
      </>
    );
  },
};
