/**
 * The sign-in, second-factor and enrolment screens both signed-in areas
 * show (the back office's staff, the portal's partners). Each area passes
 * its own words from its catalog and its own addresses; what differs
 * between the areas is data here, not a second copy.
 */
import type { ReactNode } from "react";
import { Alert, CsrfField, Notice, QrCode } from "./fields";

/** The account's e-mail address (sign-in, a forgotten password). */
export function EmailField(props: {
  label: string;
  value: string;
  maxLength?: number | undefined;
}) {
  return (
    <>
      <label htmlFor="email">{props.label}</label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        required
        maxLength={props.maxLength}
        defaultValue={props.value}
      />
    </>
  );
}

export interface SignInProps {
  /** Where the form posts. */
  action: string;
  words: { email: string; password: string; submit: string };
  email: string;
  emailMaxLength?: number | undefined;
  /** The page to open after signing in. */
  next?: string | undefined;
  /** What went wrong, in words; a notice shows only without one. */
  problem?: string | undefined;
  notice?: string | undefined;
  intro?: string | undefined;
  /** Links under the form (a forgotten password, signing up). */
  children?: ReactNode;
}

/** The first step of signing in: e-mail address and password. */
export function SignInForm(props: SignInProps) {
  return (
    <>
      {props.problem ? <Alert>{props.problem}</Alert> : null}
      {props.notice && !props.problem ? <Notice>{props.notice}</Notice> : null}
      {props.intro ? <p>{props.intro}</p> : null}
      <form method="post" action={props.action}>
        {props.next ? <input type="hidden" name="next" value={props.next} /> : null}
        <EmailField
          label={props.words.email}
          value={props.email}
          maxLength={props.emailMaxLength}
        />
        <label htmlFor="password">{props.words.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <p>
          <button type="submit">{props.words.submit}</button>
        </p>
      </form>
      {props.children}
    </>
  );
}

/** What a code field takes: six digits from the app, or a recovery code too. */
export interface CodeAccepts {
  inputMode: "numeric" | "text";
  pattern?: string | undefined;
  maxLength: number;
}

export interface CodeFormProps {
  action: string;
  csrf: string;
  next?: string | undefined;
  label: string;
  hint?: string | undefined;
  accepts: CodeAccepts;
  invalid?: boolean | undefined;
  submit: string;
  /** Beside the button (a way to leave it for later). */
  besideSubmit?: ReactNode;
}

/** A second-factor code's form: the sign-in's second step, or turning the second factor on. */
export function CodeForm(props: CodeFormProps) {
  const { accepts } = props;
  const text = accepts.inputMode === "text";
  return (
    <form method="post" action={props.action}>
      <CsrfField csrf={props.csrf} />
      {props.next ? <input type="hidden" name="next" value={props.next} /> : null}
      <label htmlFor="code">{props.label}</label>
      {props.hint ? (
        <span className="hint" id="code-hint">
          {props.hint}
        </span>
      ) : null}
      <input
        id="code"
        name="code"
        type="text"
        inputMode={accepts.inputMode}
        autoComplete="one-time-code"
        autoCapitalize={text ? "none" : undefined}
        spellCheck={text ? false : undefined}
        pattern={accepts.pattern}
        required
        maxLength={accepts.maxLength}
        aria-describedby={props.hint ? "code-hint" : undefined}
        aria-invalid={props.invalid ? true : undefined}
      />
      <p>
        <button type="submit">{props.submit}</button>
        {props.besideSubmit}
      </p>
    </form>
  );
}

/** The authenticator app's secret to scan or type, while turning the second factor on. */
export function SecretKey(props: {
  qr: readonly string[];
  secret: string;
  words: { qr: string; key: string };
}) {
  return (
    <>
      <QrCode rows={props.qr} label={props.words.qr} />
      <span className="hint">{props.words.key}</span>
      <code className="secret">{props.secret}</code>
    </>
  );
}

/** The portals' words for turning the second factor on, from their catalogs. */
export interface TurnOnWords {
  codeWrong: string;
  twoFactorIntro: string;
  twoFactorScan: string;
  twoFactorQr: string;
  twoFactorKey: string;
  twoFactorConfirm: string;
  code: string;
  twoFactorTurnOn: string;
}

/** The app's six digits, spaces allowed (the portals' sign-in and second factor). */
export const APP_CODE = { inputMode: "numeric", pattern: "[0-9 ]*", maxLength: 8 } as const;

/**
 * Turning the second factor on in the partner and lender portals: the secret to
 * scan, then a code from the app.
 */
export function TurnOnSecondFactor(props: {
  t: TurnOnWords;
  action: string;
  csrf: string;
  qr: readonly string[];
  secret: string;
  /** The code typed last was not right. */
  wrong: boolean | undefined;
}) {
  const { t } = props;
  return (
    <>
      {props.wrong ? <Alert>{t.codeWrong}</Alert> : null}
      <p>{t.twoFactorIntro}</p>
      <p>{t.twoFactorScan}</p>
      <SecretKey
        qr={props.qr}
        secret={props.secret}
        words={{ qr: t.twoFactorQr, key: t.twoFactorKey }}
      />
      <p>{t.twoFactorConfirm}</p>
      <CodeForm
        action={props.action}
        csrf={props.csrf}
        label={t.code}
        accepts={APP_CODE}
        invalid={props.wrong}
        submit={t.twoFactorTurnOn}
      />
    </>
  );
}

export interface NewPasswordProps {
  action: string;
  /** The one-time link's token. */
  token: string;
  /** The account's address, for password managers, when the page may name it. */
  username?: string | undefined;
  words: { password: string; hint: string; confirm: string; submit: string };
  intro: string;
  problem?: string | undefined;
  passwordInvalid: boolean;
  confirmInvalid: boolean;
  /** Before the button (the terms to accept). */
  children?: ReactNode;
}

/** The portals' words for choosing a password (NewPasswordForm's), from their catalogs. */
export function newPasswordWords(t: {
  newPassword: string;
  passwordHint: string;
  confirmPassword: string;
  savePassword: string;
}): NewPasswordProps["words"] {
  return {
    password: t.newPassword,
    hint: t.passwordHint,
    confirm: t.confirmPassword,
    submit: t.savePassword,
  };
}

/** Choosing a password from a one-time link: enrolment, a claim, a reset. */
export function NewPasswordForm(props: NewPasswordProps) {
  const { words } = props;
  return (
    <>
      {props.problem ? <Alert>{props.problem}</Alert> : null}
      <p>{props.intro}</p>
      <form method="post" action={props.action}>
        <input type="hidden" name="token" value={props.token} />
        {props.username === undefined ? null : (
          <input type="hidden" name="username" autoComplete="username" value={props.username} />
        )}
        <label htmlFor="password">{words.password}</label>
        <span className="hint" id="password-hint">
          {words.hint}
        </span>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={128}
          aria-describedby="password-hint"
          aria-invalid={props.passwordInvalid ? true : undefined}
        />
        <label htmlFor="confirm">{words.confirm}</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-invalid={props.confirmInvalid ? true : undefined}
        />
        {props.children}
        <p>
          <button type="submit">{words.submit}</button>
        </p>
      </form>
    </>
  );
}
