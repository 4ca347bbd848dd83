import { createContext, useContext, useId } from "react";
import { type Locale, localizePath } from "../../core/locale";
import { fill } from "../../core/messages";
import type { ContactDetails } from "../../core/views/site-contract";
import { siteMessagesFor, trustMessagesFor } from "../messages";
import { Icon } from "./Icon";

/**
 * Who we are and how to reach a person, from the server's configuration
 * (AppState.contact, server/config.ts); App provides it to every page.
 */
export const ContactContext = createContext<ContactDetails | undefined>(undefined);

/**
 * Trust near a decision (issue 17, decision 0166). "short": three marks,
 * one line on a phone, for beside a button. "full": who we are, that we are
 * not a lender and never charge, how we earn and rank, the licence on every
 * offer, CRIB, who sees the data, and a person to reach. "footer": who we
 * are and a person to reach. A line whose configuration is missing is left
 * out; nothing is invented.
 */
export function TrustNotes({
  locale,
  variant = "full",
  headingLevel = 2,
}: {
  locale: Locale;
  variant?: "short" | "full" | "footer";
  headingLevel?: 2 | 3;
}) {
  const r = trustMessagesFor(locale);
  const t = siteMessagesFor(locale);
  const contact = useContext(ContactContext);
  const titleId = useId();
  if (variant === "short") {
    return (
      <ul className="trust-marks" aria-label={r.trustLabel}>
        <li>
          <Icon name="check" />
          {r.trustFree}
        </li>
        <li>
          <Icon name="lock" />
          {r.trustNoCrib}
        </li>
        <li>
          <Icon name="shield" />
          {r.trustLicensed}
        </li>
      </ul>
    );
  }
  const link = (path: string, text: string) => (
    <a href={localizePath(locale, path)}>
      {text}
      <Icon name="arrow" className="icon-inline" />
    </a>
  );
  const who = contact?.company ? (
    <p className="trust-who">
      {fill(r.trustCompany, { site: t.siteName, company: contact.company })}
      {contact.registration ? (
        <>
          <br />
          {fill(r.trustRegistration, { registration: contact.registration })}
        </>
      ) : null}
      {contact.address ? (
        <>
          <br />
          {contact.address}
        </>
      ) : null}
    </p>
  ) : null;
  const reach = contact ? (
    <p className="trust-reach">
      <span>{r.trustReach}</span>{" "}
      {contact.phone ? (
        <a href={`tel:+${contact.phone.digits}`} className="trust-contact">
          <Icon name="phone" />
          {fill(r.trustCall, { phone: contact.phone.shown })}
        </a>
      ) : null}
      {contact.whatsapp ? (
        <a href={`https://wa.me/${contact.whatsapp.digits}`} className="trust-contact">
          <Icon name="chat" />
          {r.trustWhatsApp}
        </a>
      ) : null}
      <a href={`mailto:${contact.email}`} className="trust-contact">
        <Icon name="mail" />
        {contact.email}
      </a>
    </p>
  ) : null;
  if (variant === "footer") {
    return (
      <div className="trust-footer">
        {who}
        {reach}
      </div>
    );
  }
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="trust-notes card" aria-labelledby={titleId}>
      <Heading id={titleId}>
        <Icon name="shield" />
        {r.trustTitle}
      </Heading>
      {who}
      <ul className="trust-list">
        <li>
          <Icon name="check" />
          <span>{r.trustNotLender}</span>
        </li>
        <li>
          <Icon name="check" />
          <span>
            {r.trustEarn} {link("/how-we-rank/", r.trustRank)}
          </span>
        </li>
        <li>
          <Icon name="shield" />
          <span>{r.trustLicence}</span>
        </li>
        <li>
          <Icon name="lock" />
          <span>{r.trustCrib}</span>
        </li>
        <li>
          <Icon name="lock" />
          <span>
            {r.trustData} {link("/privacy-policy/", t.footerPrivacy)}
          </span>
        </li>
      </ul>
      {reach}
    </section>
  );
}
