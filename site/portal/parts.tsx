import type { ReactNode } from "react";
import { localizePath, splitLocalePath } from "../../core/locale";
import type { PortalMessages } from "./messages";

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
