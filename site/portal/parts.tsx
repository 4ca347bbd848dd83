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
