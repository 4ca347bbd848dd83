import type { ReactNode } from "react";
import { formatRupees } from "../../core/helpers/money";
import { localizePath, splitLocalePath } from "../../core/locale";
import { fill } from "../../core/messages";
import {
  ACCOUNT_KINDS,
  HOME_COUNTRY,
  type PartnerTerms,
  PORTAL_COUNTRIES,
  payoutChoices,
  type SignUpField,
} from "../../core/views/partner-portal";
import type { PartnerProgramme } from "../../core/views/site-contract";
import { programmeTerms } from "../content/contacts";
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
  ewallets: readonly string[] = [],
) {
  const payouts = payoutChoices(ewallets);
  const groups = {
    kind: { type: "radio", legend: t.kindLegend, values: ACCOUNT_KINDS, names: t.kinds },
    countries: {
      type: "checkbox",
      legend: t.countriesLegend,
      values: [HOME_COUNTRY],
      names: t.countries,
      more: {
        summary: t.countriesMore,
        values: PORTAL_COUNTRIES.filter((country) => country !== HOME_COUNTRY),
      },
    },
    payoutMethod: {
      type: "radio",
      legend: t.payoutLegend,
      values: payouts,
      names: Object.fromEntries(
        payouts.map((value) => [
          value,
          value === "wire" ? t.payoutMethods.wire : `${t.payoutMethods.ewallet}: ${value.slice(8)}`,
        ]),
      ),
    },
  } as const;
  const texts: Record<
    TextSignUpField,
    { label: string; type?: string; hint?: string; autoComplete?: string; max: number }
  > = {
    name: { label: t.name, autoComplete: "organization", max: 100 },
    email: { label: t.email, type: "email", autoComplete: "email", max: 254 },
    // Text, not url: a bare domain ("lankablog.lk") is a site here (issue 35).
    website: { label: t.website, hint: t.websiteHint, autoComplete: "url", max: 200 },
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
        more?: { summary: string; values: readonly string[] };
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
  /** The form came back after a problem: the password was not kept, and the field says so. */
  again?: boolean | undefined;
}) {
  const { t, again, ...field } = props;
  const hint = again ? (
    <>
      <strong>{t.passwordAgain}</strong> {t.passwordHint}
    </>
  ) : (
    t.passwordHint
  );
  return <PasswordField kind="new" name="password" hint={hint} {...field} />;
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
  /** Ticked already (the form came back after a problem elsewhere). */
  checked?: boolean | undefined;
}) {
  return (
    <>
      <label className="choice">
        <input
          type="checkbox"
          name="terms"
          value="yes"
          required
          defaultChecked={props.checked}
          aria-invalid={props.invalid ? true : undefined}
          aria-describedby={props.describedBy}
        />
        {props.t.terms}
      </label>
      <TermsLink t={props.t} base={props.base} />
    </>
  );
}

/** The programme's default terms (issue 35), as the sign-up page says them before signing up. */
export function ProgrammeTerms({
  t,
  base,
  programme,
}: {
  t: PortalMessages;
  base: string;
  programme: PartnerProgramme;
}) {
  return (
    <section aria-labelledby="programme-terms" className="portal-terms">
      <h2 id="programme-terms">{t.programmeTermsTitle}</h2>
      <p>{programmeTerms(splitLocalePath(base).locale, programme)}</p>
    </section>
  );
}

/** An approved partner's own terms, at the top of its home, figures and statements. */
export function YourTerms({ t, terms }: { t: PortalMessages; terms: PartnerTerms | undefined }) {
  if (!terms) return null;
  return (
    <p className="portal-your-terms">
      {fill(t.yourTerms[terms.model], { rupees: formatRupees(terms.rupees) })}
    </p>
  );
}
