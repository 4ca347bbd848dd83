import type { ReactNode } from "react";
import { localizePath, splitLocalePath } from "../../core/locale";
import {
  ACCOUNT_KINDS,
  PAYOUT_METHODS,
  PORTAL_COUNTRIES,
  type SignUpField,
} from "../../core/views/partner-portal";
import { Choices, PasswordField, TextField } from "../operator/fields";
import type { PortalMessages } from "./messages";

type TextSignUpField = "name" | "email" | "website" | "trafficSources" | "payoutDetails";

/**
 * The sign-up form's fields, as signing up and the account page ask them: each
 * one's id, name, value and problem are its field's, a group's choices too.
 */
export function signUpFields(
  t: PortalMessages,
  values: Partial<Record<TextSignUpField, string>>,
  problemOf: (field: SignUpField) => string | undefined,
) {
  const groups = {
    kind: { type: "radio", legend: t.kindLegend, values: ACCOUNT_KINDS, names: t.kinds },
    countries: {
      type: "checkbox",
      legend: t.countriesLegend,
      values: PORTAL_COUNTRIES,
      names: t.countries,
    },
    payoutMethod: {
      type: "radio",
      legend: t.payoutLegend,
      values: PAYOUT_METHODS,
      names: t.payoutMethods,
    },
  } as const;
  const texts: Record<
    TextSignUpField,
    { label: string; type?: string; hint?: string; autoComplete?: string; max: number }
  > = {
    name: { label: t.name, autoComplete: "organization", max: 100 },
    email: { label: t.email, type: "email", autoComplete: "email", max: 254 },
    website: { label: t.website, type: "url", hint: t.websiteHint, autoComplete: "url", max: 200 },
    trafficSources: { label: t.trafficSources, hint: t.trafficSourcesHint, max: 500 },
    payoutDetails: { label: t.payoutDetails, hint: t.payoutDetailsHint, max: 300 },
  };
  return {
    /** A one-line field of the form; `changes` in place of its own label or autocomplete. */
    text: (field: TextSignUpField, changes: { label?: string; autoComplete?: string } = {}) => {
      const { max, ...spec } = { ...texts[field], ...changes };
      return (
        <TextField
          required
          id={field}
          name={field}
          {...spec}
          value={values[field]}
          maxLength={max}
          problem={problemOf(field)}
        />
      );
    },
    /** A group of the form's choices, those `chosen` checked; `legend` in place of its own. */
    choices: (field: keyof typeof groups, chosen: readonly string[], legend?: string) => {
      const group: {
        type: "radio" | "checkbox";
        legend: string;
        values: readonly string[];
        names: Record<string, string>;
      } = groups[field];
      return (
        <Choices
          id={field}
          name={field}
          {...group}
          legend={legend ?? group.legend}
          chosen={chosen}
          problem={problemOf(field)}
        />
      );
    },
  };
}

/** A new password for a portal account: the length rule, and the hint that says it. */
export function NewPassword(props: {
  t: PortalMessages;
  id: string;
  label: string;
  problem: string | undefined;
}) {
  const { t, ...field } = props;
  return <PasswordField kind="new" name="password" hint={t.passwordHint} {...field} />;
}

/** A page that only says something, with the way back to the portal. */
export function Saying({
  t,
  base,
  children,
}: {
  t: PortalMessages;
  base: string;
  children: ReactNode;
}) {
  return (
    <>
      {children}
      <p>
        <a className="portal-target" href={base}>
          {t.backHome}
        </a>
      </p>
    </>
  );
}

/** The programme's terms, in the page's language. */
export function TermsLink({ t, base }: { t: PortalMessages; base: string }) {
  const path = localizePath(splitLocalePath(base).locale, "/terms-and-conditions/");
  return (
    <p>
      <a className="portal-target" href={path}>
        {t.termsLink}
      </a>
    </p>
  );
}

/** Accepting the programme's terms (signing up, claiming an account), with the terms' link. */
export function TermsChoice(props: {
  t: PortalMessages;
  base: string;
  invalid: boolean;
  /** The id of the problem's text beside it, if any. */
  describedBy?: string | undefined;
}) {
  return (
    <>
      <label className="choice">
        <input
          type="checkbox"
          name="terms"
          value="yes"
          required
          aria-invalid={props.invalid ? true : undefined}
          aria-describedby={props.describedBy}
        />
        {props.t.terms}
      </label>
      <TermsLink t={props.t} base={props.base} />
    </>
  );
}
