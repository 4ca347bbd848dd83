import {
  ACCOUNT_KINDS,
  PORTAL_COUNTRIES,
  type PortalPayoutMethod,
  payoutChoices,
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

/** A host name of the public web: labels of letters, digits and hyphens, and a top-level name. */
const PUBLIC_HOST =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * A website as typed, as its address (issue 35): a bare domain
 * ("lankablog.lk") gets https:// in front; an http(s) address of a public
 * host name is kept; anything else is not a site (undefined).
 */
export function siteAddress(typed: string): string | undefined {
  const written = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  try {
    const url = new URL(written);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) return undefined;
    if (!PUBLIC_HOST.test(url.hostname)) return undefined;
    return url.href.replace(/\/$/, "") === `${url.origin}` ? url.origin : url.href;
  } catch {
    return undefined;
  }
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
    const site = siteAddress(typed.website);
    if (site) typed.website = site;
    else problems.website = "invalid";
  }
  within(problems, "trafficSources", typed.trafficSources, 500);
  if (typed.countries.length === 0) problems.countries = "required";
  else if (!typed.countries.every((c) => (PORTAL_COUNTRIES as readonly string[]).includes(c))) {
    problems.countries = "invalid";
  }
  return typed;
}

export type PayoutForm = Pick<SignUpForm, "payoutMethod" | "payoutDetails">;

/**
 * The payout choice and the account to pay to, as typed, and their problems;
 * `method` and `details` as kept: an e-wallet's name goes in front of its
 * details (decision 0427). Only the choices offered are taken.
 */
export function checkPayout(
  form: Record<string, unknown>,
  problems: Problems,
  ewallets: readonly string[],
): PayoutForm & { method: PortalPayoutMethod; details: string } {
  const typed: PayoutForm = {
    payoutMethod: text(form.payoutMethod, 60),
    payoutDetails: text(form.payoutDetails, 600).trim(),
  };
  if (!payoutChoices(ewallets).includes(typed.payoutMethod)) problems.payoutMethod = "required";
  within(problems, "payoutDetails", typed.payoutDetails, 300);
  const wallet = typed.payoutMethod.startsWith("ewallet:") ? typed.payoutMethod.slice(8) : "";
  return wallet
    ? { ...typed, method: "ewallet", details: `${wallet}: ${typed.payoutDetails}` }
    : { ...typed, method: "wire", details: typed.payoutDetails };
}

/** The sign-up form checked: the account's fields, or the problems to show. */
export function checkSignUp(form: Record<string, unknown>, ewallets: readonly string[]) {
  const problems: Problems = {};
  const kind = text(form.kind, 20);
  const email = text(form.email, 300).trim().toLowerCase();
  if (!(ACCOUNT_KINDS as readonly string[]).includes(kind)) problems.kind = "required";
  const profile = checkProfile(form, problems);
  within(problems, "email", email, 254);
  if (!problems.email && !EMAIL.test(email)) problems.email = "invalid";
  const { method, details, ...payout } = checkPayout(form, problems, ewallets);
  const password = passwordText(form.password);
  if (!password) problems.password = "required";
  else {
    const problem = passwordProblem(password, email || "-");
    if (problem) problems.password = problem;
  }
  const terms = form.terms === "yes";
  if (!terms) problems.terms = "required";
  const typed: SignUpForm = { kind, email, ...profile, ...payout, terms };
  return { typed, password, problems, payout: { method, details } };
}
