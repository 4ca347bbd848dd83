import { fill } from "../../../../core/messages";
import type { RecoveryCodesView, TwoFactorView } from "../../../../core/views/back-office";
import { Alert } from "../../../operator/fields";
import { colomboDate } from "../../../operator/format";
import { CodeForm, SecretKey } from "../../../operator/SignIn";
import type { BackOfficeMessages } from "../../messages";

/** The app's six digits, nothing else, while turning the second factor on. */
const SIX_DIGITS = { inputMode: "numeric", pattern: "[0-9]{6}", maxLength: 6 } as const;

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
          <SecretKey
            qr={state.qr}
            secret={state.secret}
            words={{ qr: t.twoFactorQr, key: t.twoFactorKey }}
          />
        </li>
        <li>
          <CodeForm
            action="/admin/account/two-factor/"
            csrf={csrf}
            label={t.twoFactorStep3}
            accepts={SIX_DIGITS}
            invalid={state.problem === "wrong"}
            submit={t.twoFactorSubmit}
            besideSubmit={
              view.required ? null : (
                <a className="button secondary" href="/admin/">
                  {t.twoFactorLater}
                </a>
              )
            }
          />
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
