import {
  ACCOUNT_KINDS,
  PAYOUT_METHODS,
  PORTAL_COUNTRIES,
  type SignUpField,
  type SignUpForm,
  type SignUpProblem,
} from "../../core/views/partner-portal";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "../accounts/passwords";

/**
 * The partner portal's form checks (issue 18), one set for the sign-up
 * (portal-routes.ts) and the account page (portal-account-section.ts):
 * what a field may hold is the same wherever it is typed.
 */
export const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

export const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === "string",
  );

/** A typed password as the forms take it (longer ones are cut, then refused as too long). */
export const passwordText = (value: unknown) => text(value, PASSWORD_MAX_LENGTH * 4);

/** Control characters (tabs, new lines, NUL …): never part of a one-line field. */
const hasControl = (value: string) =>
  [...value].some((c) => (c.codePointAt(0) ?? 0) < 0x20 || c === "\u007f");

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export type Problems = Partial<Record<SignUpField, SignUpProblem>>;

/** A one-line field: required, at most `max` characters, no control characters. */
function within(problems: Problems, field: SignUpField, value: string, max: number) {
  if (!value) problems[field] = "required";
  else if ([...value].length > max || hasControl(value)) problems[field] = "invalid";
}

export type ProfileForm = Pick<SignUpForm, "name" | "website" | "trafficSources" | "countries">;

/** Name, website, traffic sources and countries, as typed, and their problems. */
export function checkProfile(form: Record<string, unknown>, problems: Problems): ProfileForm {
  const typed: ProfileForm = {
    name: text(form.name, 200).trim(),
    website: text(form.website, 400).trim(),
    trafficSources: text(form.trafficSources, 1000).trim(),
    countries: [...new Set(list(form.countries).slice(0, 20))],
  };
  within(problems, "name", typed.name, 100);
  within(problems, "website", typed.website, 200);
  if (!problems.website) {
    try {
      const url = new URL(typed.website);
      if (!/^https?:$/.test(url.protocol) || !url.hostname.includes(".")) throw new Error();
    } catch {
      problems.website = "invalid";
    }
  }
  within(problems, "trafficSources", typed.trafficSources, 500);
  if (typed.countries.length === 0) problems.countries = "required";
  else if (!typed.countries.every((c) => (PORTAL_COUNTRIES as readonly string[]).includes(c))) {
    problems.countries = "invalid";
  }
  return typed;
}

export type PayoutForm = Pick<SignUpForm, "payoutMethod" | "payoutDetails">;

/** The payout method and the account to pay to, as typed, and their problems. */
export function checkPayout(form: Record<string, unknown>, problems: Problems): PayoutForm {
  const typed: PayoutForm = {
    payoutMethod: text(form.payoutMethod, 20),
    payoutDetails: text(form.payoutDetails, 600).trim(),
  };
  if (!(PAYOUT_METHODS as readonly string[]).includes(typed.payoutMethod)) {
    problems.payoutMethod = "required";
  }
  within(problems, "payoutDetails", typed.payoutDetails, 300);
  return typed;
}

/** The sign-up form checked: the account's fields, or the problems to show. */
export function checkSignUp(form: Record<string, unknown>) {
  const problems: Problems = {};
  const kind = text(form.kind, 20);
  const email = text(form.email, 300).trim().toLowerCase();
  if (!(ACCOUNT_KINDS as readonly string[]).includes(kind)) problems.kind = "required";
  const profile = checkProfile(form, problems);
  within(problems, "email", email, 254);
  if (!problems.email && !EMAIL.test(email)) problems.email = "invalid";
  const payout = checkPayout(form, problems);
  const password = passwordText(form.password);
  if (!password) problems.password = "required";
  else {
    const problem = passwordProblem(password, email || "-");
    if (problem) problems.password = problem;
  }
  if (form.terms !== "yes") problems.terms = "required";
  const typed: SignUpForm = { kind, email, ...profile, ...payout };
  return { typed, password, problems };
}
