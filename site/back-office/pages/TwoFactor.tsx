import type { RecoveryCodesView, TwoFactorView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import { Alert, CsrfField } from "../fields";
import { colomboDate } from "../format";
import type { BackOfficeMessages } from "../messages";

/** The QR code as SVG squares: one path, no script, no image request. */
export function QrCode({ rows, label }: { rows: readonly string[]; label: string }) {
  const size = rows.length;
  const path = rows
    .flatMap((row, y) => [...row].map((module, x) => (module === "1" ? `M${x} ${y}h1v1h-1z` : "")))
    .join("");
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

export function TwoFactorPage({
  view,
  t,
  csrf,
}: {
  view: TwoFactorView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { state } = view;
  if (state.enrolled) {
    return (
      <>
        <p>
          {fill(t.twoFactorEnrolled, {
            date: colomboDate(state.since),
            count: state.recoveryCodesLeft,
          })}
        </p>
        <p>{t.twoFactorRedo}</p>
      </>
    );
  }
  return (
    <>
      {state.problem === "wrong" ? <Alert>{t.twoFactorWrong}</Alert> : null}
      <p>{view.required ? t.twoFactorRequired : t.twoFactorOffered}</p>
      <ol>
        <li>{t.twoFactorStep1}</li>
        <li>
          {t.twoFactorStep2}
          <QrCode rows={state.qr} label={t.twoFactorQr} />
          <span className="hint">{t.twoFactorKey}</span>
          <code className="secret">{state.secret}</code>
        </li>
        <li>
          <form method="post" action="/admin/account/two-factor/">
            <CsrfField csrf={csrf} />
            <label htmlFor="code">{t.twoFactorStep3}</label>
            <input
              id="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              maxLength={6}
              aria-invalid={state.problem === "wrong" ? true : undefined}
            />
            <p>
              <button type="submit">{t.twoFactorSubmit}</button>
              {view.required ? null : (
                <a className="button secondary" href="/admin/">
                  {t.twoFactorLater}
                </a>
              )}
            </p>
          </form>
        </li>
      </ol>
    </>
  );
}

export function RecoveryCodesPage({ view, t }: { view: RecoveryCodesView; t: BackOfficeMessages }) {
  return (
    <>
      <p>{t.recoveryIntro}</p>
      <ol className="codes">
        {view.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <p>
        <a className="button" href="/admin/">
          {t.recoveryContinue}
        </a>
      </p>
    </>
  );
}
