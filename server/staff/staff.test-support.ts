/**
 * Members of staff for tests: made with the service, as `npm run staff`
 * makes them, with their password set through their one-time link and, when
 * asked, two-step sign-in enrolled; and signing them in over HTTP.
 */
import type { Express } from "express";
import inject from "light-my-request";
import type { StaffRole } from "../../core/views/back-office";
import { csrfTokenOf } from "../accounts/csrf";
import { acceptedTotpStep, totpCodeAt } from "../accounts/totp";
import type { Storage } from "../storage/database";
import { COMMAND_LINE } from "./audit";
import { completeEnrolment, createStaff, type StaffRow, staffById } from "./staff";
import { confirmTotp, pendingTotpSecret } from "./two-factor";

export const TEST_PASSWORD = "correct horse battery staple";

export interface TestMember {
  staff: StaffRow;
  email: string;
  password: string;
  /** The TOTP secret, when two-step sign-in is on. */
  secret?: string;
  recoveryCodes?: string[];
}

/** A member with a password, and two-step sign-in when `twoFactor` (admins need it). */
export async function addStaffMember(
  storage: Storage,
  options: { email: string; role: StaffRole; twoFactor?: boolean; now?: Date },
): Promise<TestMember> {
  const now = options.now ?? new Date();
  const issued = await createStaff(storage, options, COMMAND_LINE, now);
  const enrolled = await completeEnrolment(storage, issued.token, TEST_PASSWORD, now);
  if (!enrolled) throw new Error("enrolment failed");
  const member: TestMember = { staff: enrolled, email: enrolled.email, password: TEST_PASSWORD };
  if (!options.twoFactor) return member;
  const secret = await pendingTotpSecret(storage, enrolled);
  const pending = await staffById(storage, enrolled.id);
  // A step well before now, so that the sign-in's code is always a later one.
  const earlier = new Date(now.getTime() - 10 * 60 * 1000);
  const step = acceptedTotpStep(secret, totpCodeAt(secret, earlier), earlier, null);
  if (!pending || step === undefined) throw new Error("TOTP enrolment failed");
  const recoveryCodes = await confirmTotp(storage, pending, step, now);
  const staff = await staffById(storage, enrolled.id);
  if (!staff) throw new Error("member vanished");
  return { ...member, staff, secret, recoveryCodes };
}

export interface SignedIn {
  /** The Cookie header of the session (and the trusted-browser cookie). */
  cookie: string;
  session: string;
  device: string | undefined;
  csrf: string;
}

const cookiesOf = (setCookie: string | string[] | undefined) =>
  new Map(
    (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((line) => {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
    }),
  );

const FORM = {
  "content-type": "application/x-www-form-urlencoded",
  origin: "https://nayacompare.test",
};

/** Signs a member in over HTTP (password, then the code of `at` when they have TOTP). */
export async function signInOverHttp(
  app: Express,
  member: TestMember,
  { at = new Date(), remoteAddress = "10.9.9.9" }: { at?: Date; remoteAddress?: string } = {},
): Promise<SignedIn> {
  const first = await inject(app, {
    method: "POST",
    url: "/admin/sign-in/",
    remoteAddress,
    headers: FORM,
    payload: new URLSearchParams({ email: member.email, password: member.password }).toString(),
  });
  if (first.statusCode !== 303) throw new Error(`sign-in answered ${first.statusCode}`);
  let cookies = cookiesOf(first.headers["set-cookie"]);
  if (member.secret) {
    const half = cookies.get("admin_session") ?? "";
    const second = await inject(app, {
      method: "POST",
      url: "/admin/sign-in/code/",
      remoteAddress,
      headers: { ...FORM, cookie: `admin_session=${half}` },
      payload: new URLSearchParams({
        csrf: csrfTokenOf(half),
        code: totpCodeAt(member.secret, at),
      }).toString(),
    });
    if (second.statusCode !== 303) throw new Error(`code answered ${second.statusCode}`);
    cookies = cookiesOf(second.headers["set-cookie"]);
  }
  const session = cookies.get("admin_session") ?? "";
  const device = cookies.get("admin_device");
  return {
    session,
    device,
    cookie: `admin_session=${session}${device ? `; admin_device=${device}` : ""}`,
    csrf: csrfTokenOf(session),
  };
}

/** Headers of a form POST from our own pages with a member's session. */
export function formHeaders(signedIn: Pick<SignedIn, "cookie">): Record<string, string> {
  return { ...FORM, cookie: signedIn.cookie };
}
