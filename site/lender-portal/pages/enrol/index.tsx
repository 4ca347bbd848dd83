import { fill } from "../../../../core/messages";
import { NewPasswordForm, newPasswordWords, TurnOnSecondFactor } from "../../../operator/SignIn";
import type { LenderPageOf } from "../../page";

/** The invitation's page: a password for the invited address, from the one-time link. */
export const enrolPage: LenderPageOf<"enrol"> = {
  title: (_view, { t }) => t.enrolTitle,
  Body: ({ view, t, base }) => (
    <NewPasswordForm
      action={`${base}enrol/`}
      token={view.token}
      username={view.email}
      words={newPasswordWords(t)}
      intro={fill(t.enrolIntro, { email: view.email })}
      problem={view.problem && t.problems[view.problem]}
      passwordInvalid={view.problem !== undefined}
      confirmInvalid={view.problem === "mismatch"}
    />
  ),
};

/** Turning the required second factor on: the secret to scan, then a code from it. */
export const twoFactorPage: LenderPageOf<"two-factor"> = {
  title: (_view, { t }) => t.twoFactorTitle,
  Body: ({ view, t, base }) => (
    <TurnOnSecondFactor
      t={t}
      action={`${base}two-factor/`}
      csrf={view.csrf}
      qr={view.qr}
      secret={view.secret}
      wrong={view.wrong}
    />
  ),
};

/** The ten recovery codes, shown once, right after the second factor is on. */
export const recoveryCodesPage: LenderPageOf<"recovery-codes"> = {
  title: (_view, { t }) => t.recoveryTitle,
  Body: ({ view, t, base }) => (
    <>
      <p>{t.recoveryIntro}</p>
      <ul className="lender-codes">
        {view.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p>
        <a className="lender-target" href={base}>
          {t.recoveryDone}
        </a>
      </p>
    </>
  ),
};
