import { formatRupees } from "../../../../core/helpers/money";
import type { Locale } from "../../../../core/locale";
import {
  type DeliveryRow,
  POSTBACK_MACROS,
  type PostbacksView,
  type PostbackTestResult,
} from "../../../../core/views/portal/postbacks";
import { Alert, ColumnHeads, CsrfField, Notice } from "../../../operator/fields";
import { colomboTime, rupeeDigits } from "../../../operator/format";
import { type PostbacksMessages, postbacksMessagesFor } from "./postbacks-messages";

/** The answer's headers the page lists: the first few, each cut short. */
const SHOWN_HEADERS = 12;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

function TestResult({ test, t }: { test: PostbackTestResult; t: PostbacksMessages }) {
  const { request, answer } = test;
  const requestText = [
    `${request.method} ${request.url}`,
    ...request.headers.map(([name, value]) => `${name}: ${value}`),
  ].join("\n");
  return (
    <section className="postbacks-result" aria-labelledby="result-title">
      <h2 id="result-title">{t.resultTitle}</h2>
      <h3>{t.requestTitle}</h3>
      <pre className="postbacks-pre" id="test-request">
        {requestText}
      </pre>
      <h3>{t.answerTitle}</h3>
      {answer ? (
        <div id="test-answer">
          <p role="status">
            <strong>
              {fill(t.answerStatus, { status: answer.status, ms: test.milliseconds })}
            </strong>{" "}
            {answer.status >= 200 && answer.status <= 299 ? t.answerOk : t.answerNotOk}
          </p>
          <h4>{t.answerHeaders}</h4>
          <pre className="postbacks-pre">
            {answer.headers
              .slice(0, SHOWN_HEADERS)
              .map(([name, value]) => `${name.slice(0, 100)}: ${value.slice(0, 300)}`)
              .join("\n")}
          </pre>
          <h4>{answer.truncated ? t.answerBodyCut : t.answerBody}</h4>
          {answer.body ? (
            <pre className="postbacks-pre" id="test-body">
              {answer.body}
            </pre>
          ) : (
            <p>{t.answerEmpty}</p>
          )}
        </div>
      ) : (
        <p className="alert" role="alert" id="test-answer">
          {fill(t.testProblems[test.problem ?? "network"], {
            detail: test.detail ?? t.networkUnknown,
            ms: test.milliseconds,
          })}
        </p>
      )}
    </section>
  );
}

function DeliveryState({ row, t }: { row: DeliveryRow; t: PostbacksMessages }) {
  const time =
    row.state === "delivered"
      ? row.deliveredAt
      : row.state === "failed"
        ? row.failedAt
        : row.nextAttemptAt;
  return <>{fill(t.states[row.state], { time: time ? colomboTime(time) : "" })}</>;
}

/** The partner portal's postbacks page (issue 18, decisions 0238, 0239). */
export function PostbacksPage({
  view,
  locale,
  base,
}: {
  view: PostbacksView;
  locale: Locale;
  base: string;
}) {
  const t = postbacksMessagesFor(locale);
  const path = `${base}postbacks/`;
  const { log } = view;
  const problem = view.problem
    ? fill(t.templateProblems[view.problem.problem], {
        macro: view.problem.detail ?? "",
        host: view.problem.detail ?? "",
      })
    : undefined;
  const sampleStatus = view.payoutModel === "sale" ? "issued" : "approved";
  const notices = {
    saved: t.saved,
    cleared: t.cleared,
    offers_ready_on: t.offersReadyOnNotice,
    offers_ready_off: t.offersReadyOffNotice,
  };
  return (
    <>
      {view.notice ? <Notice>{notices[view.notice]}</Notice> : null}
      {view.testRefused ? (
        <Alert>{view.testRefused === "busy" ? t.testBusy : t.testNoTemplate}</Alert>
      ) : null}
      {view.test ? <TestResult test={view.test} t={t} /> : null}
      <p>{t.intro}</p>
      <h2>{t.templateTitle}</h2>
      {!view.saved && !view.problem ? <p>{t.notSaved}</p> : null}
      <form method="post" action={`${path}template`} noValidate>
        <CsrfField csrf={view.csrf} />
        <label htmlFor="template">{t.templateLabel}</label>
        <span className="hint" id="template-hint">
          {t.templateHint}
        </span>
        {problem ? (
          <span className="field-error" id="template-error" role="alert">
            {problem}
          </span>
        ) : null}
        <textarea
          id="template"
          name="template"
          rows={3}
          maxLength={2000}
          spellCheck={false}
          autoCapitalize="none"
          inputMode="url"
          defaultValue={view.template}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "template-hint template-error" : "template-hint"}
        />
        <p>
          <button type="submit">{t.save}</button>
        </p>
      </form>
      <h3>{t.macrosTitle}</h3>
      <dl className="pairs postbacks-macros">
        {POSTBACK_MACROS.map((macro) => (
          <div key={macro}>
            <dt>
              <code>{`{${macro}}`}</code>
            </dt>
            <dd>{t.macros[macro]}</dd>
          </div>
        ))}
      </dl>
      <h2 id="offers-ready-title">{t.offersReadyTitle}</h2>
      <p>{t.offersReadyIntro}</p>
      <p id="offers-ready-state">
        <strong>{view.offersReady ? t.offersReadyOn : t.offersReadyOff}</strong>
        {view.offersReady && !view.saved ? ` ${t.offersReadyNoUrl}` : null}
      </p>
      <form method="post" action={`${path}offers-ready`}>
        <CsrfField csrf={view.csrf} />
        <input type="hidden" name="offersReady" value={view.offersReady ? "off" : "on"} />
        <button type="submit">
          {view.offersReady ? t.offersReadyTurnOff : t.offersReadyTurnOn}
        </button>
      </form>
      <h2>{t.testTitle}</h2>
      <p>{fill(t.testIntro, { status: sampleStatus, payout: formatRupees(view.payoutRupees) })}</p>
      <form method="post" action={`${path}test`}>
        <CsrfField csrf={view.csrf} />
        <button type="submit">{t.testSend}</button>
      </form>
      <h2 id="log-title">{t.logTitle}</h2>
      <p>{t.logIntro}</p>
      {log.rows.length === 0 ? (
        <p>{t.logEmpty}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users
        <section className="scroll" aria-labelledby="log-title" tabIndex={0}>
          <table className="figures postbacks-log">
            <caption>{fill(t.logCaption, { page: log.page })}</caption>
            <ColumnHeads
              names={[
                t.columns.at,
                t.columns.clickId,
                t.columns.status,
                t.columns.payout,
                t.columns.attempts,
                t.columns.delivery,
                t.columns.lastError,
              ]}
            />
            <tbody>
              {log.rows.map((row) => (
                <tr key={`${row.clickId}-${row.status}`}>
                  <td>{colomboTime(row.createdAt)}</td>
                  <td className="id">{row.clickId}</td>
                  <td>{t.statuses[row.status]}</td>
                  <td className="number">{rupeeDigits(row.payoutRupees)}</td>
                  <td className="number">{row.attempts}</td>
                  <td>
                    <DeliveryState row={row} t={t} />
                  </td>
                  <td>
                    {row.lastError
                      ? fill(t.errors[row.lastError.kind], {
                          status: row.lastError.kind === "http" ? row.lastError.status : "",
                        })
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {log.page > 1 || log.more ? (
        <nav aria-label={t.logNav} className="postbacks-pages">
          {log.page > 1 ? (
            <a href={log.page === 2 ? path : `${path}?page=${log.page - 1}`}>{t.newer}</a>
          ) : null}{" "}
          {log.more ? <a href={`${path}?page=${log.page + 1}`}>{t.older}</a> : null}
        </nav>
      ) : null}
    </>
  );
}
