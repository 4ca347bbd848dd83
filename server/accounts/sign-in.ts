import type { Request, Response } from "express";
import { cookieValue } from "../../core/helpers/cookies";
import { clientAddressOf } from "../http/client-address";
import { secureCookies, serializeCookie } from "../http/cookies";
import { type RateLimitStore, rateLimitCheck } from "../http/rate-limit";
import type { Storage } from "../storage/database";
import { csrfTokenMatches } from "./csrf";
import { checkPassword, PASSWORD_MAX_LENGTH } from "./passwords";
import type { AccountRow, Realm } from "./realm";
import { spendRecoveryCode, spendTotpStep } from "./second-factor";
import {
  type AccountSession,
  countWrongCode,
  endSession,
  liveSession,
  type SessionStage,
  sessionLifetimeMs,
  startSession,
} from "./sessions";
import {
  accountKey,
  clearFailures,
  countFailure,
  deviceKey,
  newDeviceCookie,
  secondFactorKey,
  signInWait,
  trustedDeviceOf,
} from "./sign-in-throttle";
import { acceptedTotpStep } from "./totp";

/**
 * The one sign-in flow (issue 33, decision 0380): e-mail and password, then
 * for an account with two-step sign-in a code (the app's, or a recovery
 * code) in a second step, for any realm. Failures are slowed down per
 * account, per trusted browser and per address without a lockout a stranger
 * can cause (sign-in-throttle.ts), and every failure reads the same whatever
 * was wrong. The flow sets and ends the realm's cookies; what a page shows
 * for each outcome, and where it goes next, is the realm's routes'.
 */

export const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

/** A typed password as the forms take it (longer ones are cut, then refused as too long). */
export const passwordText = (value: unknown) => text(value, PASSWORD_MAX_LENGTH * 4);

export type PasswordOutcome<A> =
  /** The address's limit was reached: its answer has been sent. */
  | { kind: "limited" }
  /** Too many failures of this key: try again in waitMs. */
  | { kind: "wait"; waitMs: number }
  | { kind: "mismatch" }
  /** Right; a session waits for the second factor (its cookie is set). */
  | { kind: "second_factor"; account: A }
  /** Right; signed in (the session's cookie is set, and the device's where the realm has one). */
  | { kind: "signed_in"; account: A };

export type CodeOutcome =
  | { kind: "wait"; waitMs: number }
  | { kind: "signed_in" }
  /** Wrong; triesLeft where the realm counts them per session. */
  | { kind: "wrong"; triesLeft?: number }
  /** Wrong once too often: the waiting session has ended and its cookie is cleared. */
  | { kind: "ended" };

export interface SignInFlow<A extends AccountRow> {
  readonly realm: Realm<A>;
  /** The request's live session, whatever its stage. */
  sessionOf(req: Request): Promise<AccountSession<A> | undefined>;
  /** A new session in place of whatever session the browser had, with its cookie. */
  startSession(req: Request, res: Response, account: A, stage: SessionStage): Promise<void>;
  /** Ends the session and clears its cookie. */
  endSession(req: Request, res: Response, session: AccountSession<A>): Promise<void>;
  /** Clears the session cookie. */
  clearCookie(req: Request, res: Response): void;
  /** The first step: an e-mail and a password. */
  password(
    req: Request,
    res: Response,
    typed: { email: string; password: string },
    limited: (req: Request, res: Response, retryAfterSeconds: number) => void,
  ): Promise<PasswordOutcome<A>>;
  /** The second step, for a session waiting for it (its CSRF token checked by the caller). */
  code(
    req: Request,
    res: Response,
    session: AccountSession<A>,
    typed: unknown,
  ): Promise<CodeOutcome>;
}

export function signInFlow<A extends AccountRow>(
  realm: Realm<A>,
  dependencies: { storage: Storage; limits: RateLimitStore; now: () => Date },
): SignInFlow<A> {
  const { storage, limits, now } = dependencies;
  const { cookies, throttle } = realm;

  const cookie = (req: Request, name: string, value: string, maxAgeSeconds: number) =>
    serializeCookie(name, value, {
      maxAgeSeconds,
      httpOnly: true,
      secure: secureCookies(req),
      path: cookies.path,
      sameSite: "Strict",
    });

  const clearCookie = (req: Request, res: Response) => {
    res.append("Set-Cookie", cookie(req, cookies.session, "", 0));
  };

  const begin: SignInFlow<A>["startSession"] = async (req, res, account, stage) => {
    // Whatever session the browser had ends when it signs in anew: one session per sign-in.
    const previous = cookieValue(req.headers.cookie, cookies.session);
    if (previous) await endSession(storage, realm, previous);
    const token = await startSession(storage, realm, account.id, stage, now());
    const lifetime = sessionLifetimeMs(realm, stage) / 1000;
    res.append("Set-Cookie", cookie(req, cookies.session, token, lifetime));
    if (stage === "signed_in" && cookies.device) {
      // The browser is trusted for the account from now on (sign-in-throttle.ts).
      const value = newDeviceCookie(account.id, await storage.keys.hashKey());
      res.append(
        "Set-Cookie",
        cookie(req, cookies.device.name, value, cookies.device.maxAgeSeconds),
      );
    }
  };

  /** A TOTP code not used before, or an unused recovery code. */
  const secondFactorMatches = async (account: A, code: string) => {
    const typed = code.replace(/\s/g, "");
    if (/^\d{6}$/.test(typed)) {
      if (!account.totp_secret) return false;
      const step = acceptedTotpStep(account.totp_secret, typed, now(), account.totp_last_step);
      return step !== undefined && (await spendTotpStep(storage, realm, account.id, step));
    }
    const used = realm.accounts.recoveryCodeUsed;
    return spendRecoveryCode(storage, realm, account.id, typed, now(), (trx) =>
      used ? used(trx, account, now()) : Promise.resolve(),
    );
  };

  return {
    realm,
    sessionOf: (req) =>
      liveSession(storage, realm, cookieValue(req.headers.cookie, cookies.session), now()),
    startSession: begin,
    async endSession(req, res, session) {
      await endSession(storage, realm, session.token);
      clearCookie(req, res);
    },
    clearCookie,

    async password(req, res, typed, limited) {
      const at = now();
      const key = await storage.keys.hashKey();
      const account = await realm.accounts.byEmail(storage, typed.email);
      const device =
        account && cookies.device
          ? trustedDeviceOf(cookieValue(req.headers.cookie, cookies.device.name), account.id, key)
          : undefined;
      // A trusted browser counts its own failures and skips the address's limit (0133).
      if (!device) {
        const perAddress = rateLimitCheck({
          store: limits,
          name: throttle.perAddress.name,
          rules: [{ ...throttle.perAddress, keyOf: (r) => `ip:${clientAddressOf(r)}` }],
          now: () => now().getTime(),
          onLimited: limited,
        });
        if (!(await perAddress(req, res))) return { kind: "limited" };
      }
      const failures = `${throttle.keyPrefix}${device ? deviceKey(device) : accountKey(typed.email, key)}`;
      const waitMs = await signInWait(storage, failures, at);
      if (waitMs > 0) return { kind: "wait", waitMs };
      // Always one argon2 verification, an account or not: the same time either way.
      const matches = await checkPassword(account?.password_hash ?? null, typed.password);
      if (!account || !matches || realm.accounts.isDisabled(account)) {
        await countFailure(storage, failures, at);
        return { kind: "mismatch" };
      }
      await clearFailures(storage, failures);
      if (realm.accounts.hasSecondFactor(account)) {
        await begin(req, res, account, "second_factor");
        return { kind: "second_factor", account };
      }
      await begin(req, res, account, "signed_in");
      return { kind: "signed_in", account };
    },

    async code(req, res, session, typed) {
      const at = now();
      const { account } = session;
      const key = `${throttle.keyPrefix}${secondFactorKey(account.id)}`;
      const waitMs = await signInWait(storage, key, at);
      if (waitMs > 0) return { kind: "wait", waitMs };
      if (await secondFactorMatches(account, text(typed, realm.secondFactor.codeMaxLength))) {
        await clearFailures(storage, key);
        await begin(req, res, account, "signed_in");
        return { kind: "signed_in" };
      }
      await countFailure(storage, key, at);
      if (realm.secondFactor.tries === "session") {
        const triesLeft = await countWrongCode(storage, realm, session);
        if (triesLeft > 0) return { kind: "wrong", triesLeft };
        clearCookie(req, res);
        return { kind: "ended" };
      }
      if ((await signInWait(storage, key, at)) > 0) {
        await endSession(storage, realm, session.token);
        clearCookie(req, res);
        return { kind: "ended" };
      }
      return { kind: "wrong" };
    },
  };
}

/** What a realm's door shows for a step's outcome, and where each success leads. */
export interface PasswordStepAnswers {
  /** The sign-in page again, with the e-mail typed and why. */
  again(status: number, email: string, problem: "busy" | "wait" | "mismatch"): void;
  /** Where the browser goes once the password was right. */
  next: { second_factor: string; signed_in: string };
}

/** The first step as a realm's sign-in form posts it (e-mail, password), answered. */
export async function passwordStep<A extends AccountRow>(
  flow: SignInFlow<A>,
  req: Request,
  res: Response,
  form: Record<string, unknown>,
  answers: PasswordStepAnswers,
): Promise<void> {
  const email = text(form.email, 254).trim();
  const outcome = await flow.password(
    req,
    res,
    { email, password: passwordText(form.password) },
    () => answers.again(429, text(form.email, 254), "busy"),
  );
  if (outcome.kind === "wait") {
    res.setHeader("Retry-After", String(Math.ceil(outcome.waitMs / 1000)));
    answers.again(429, email, "wait");
  } else if (outcome.kind === "mismatch") answers.again(401, email, "mismatch");
  else if (outcome.kind !== "limited") res.redirect(303, answers.next[outcome.kind]);
}

/** The second step as a realm's code form posts it, answered: `ended` and `next` are addresses. */
export async function codeStep<A extends AccountRow>(
  flow: SignInFlow<A>,
  req: Request,
  res: Response,
  session: AccountSession<A>,
  code: unknown,
  answers: { again(status: number, problem: "wait" | "wrong"): void; next: string; ended: string },
): Promise<void> {
  // Six digits are the app's code; anything else may be a recovery code, good once (0253).
  const outcome = await flow.code(req, res, session, code);
  if (outcome.kind === "signed_in") res.redirect(303, answers.next);
  else if (outcome.kind === "wait") answers.again(429, "wait");
  else if (outcome.kind === "ended") res.redirect(303, answers.ended);
  else answers.again(401, "wrong");
}

/** Signing out from a realm's form: the session ends; without one, or with a wrong token, refused. */
export async function signOutStep<A extends AccountRow>(
  flow: SignInFlow<A>,
  req: Request,
  res: Response,
  form: Record<string, unknown>,
  answers: { refused(): void; next: string },
): Promise<void> {
  const session = await flow.sessionOf(req);
  if (!session || !csrfTokenMatches(session.token, form.csrf)) {
    answers.refused();
    return;
  }
  await flow.endSession(req, res, session);
  res.redirect(303, answers.next);
}
