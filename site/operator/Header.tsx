import { LogoMark, Wordmark } from "../components/Icon";
import { CsrfField } from "./fields";

/** Another language of the same page, by its own name in its own script (issue 20). */
export interface LanguageLink {
  locale: string;
  href: string;
  label: string;
}

/** A link of the signed-in menu. */
export interface NavLink {
  key: string;
  href: string;
  label: string;
  current: boolean;
}

export interface HeaderProps {
  /** The area's name, the brand first ("NayaCompare partners"): the brand as the site's wordmark. */
  siteName: string;
  /** Where the area's name links to; plain text without it. */
  brandHref?: string | undefined;
  /** The page in the area's other languages. */
  languages?: readonly LanguageLink[] | undefined;
  /** Who is signed in, in words, before the sign-out button. */
  who?: string | undefined;
  /** The sign-out form, for a signed-in session. */
  signOut?: { action: string; csrf: string; label: string } | undefined;
  /** The signed-in menu. */
  nav?: { label: string; links: readonly NavLink[] } | undefined;
}

/** The site's logo and wordmark, then the area's own name ("back office", "partners"). */
function Brand({ siteName }: { siteName: string }) {
  const space = siteName.indexOf(" ");
  const [brand, area] =
    space > 0 ? [siteName.slice(0, space), siteName.slice(space + 1)] : [siteName, ""];
  return (
    <>
      <LogoMark />
      <Wordmark name={brand} />
      {area ? <span className="area">{area}</span> : null}
    </>
  );
}

/**
 * The header of every signed-in area (the back office, the partner and the lender portals,
 * decision 0444): the public site's logo, wordmark and colours, then the other languages,
 * who is signed in and the sign-out button, and the menu; every link and button a touch
 * target of 44 px at least (operator.css).
 */
export function Header(props: HeaderProps) {
  const { languages = [], signOut, nav } = props;
  const hasWho = languages.length > 0 || props.who !== undefined || signOut !== undefined;
  return (
    <header className="area-header">
      <div className="area-bar">
        {props.brandHref === undefined ? (
          <span className="brand">
            <Brand siteName={props.siteName} />
          </span>
        ) : (
          <a className="brand" href={props.brandHref}>
            <Brand siteName={props.siteName} />
          </a>
        )}
        {hasWho ? (
          <div className="who">
            {languages.map((language) => (
              <a
                key={language.locale}
                className="languages"
                href={language.href}
                lang={language.locale}
                hrefLang={language.locale}
              >
                {language.label}
              </a>
            ))}
            {props.who === undefined ? null : <span className="who-name">{props.who}</span>}
            {signOut ? (
              <form method="post" action={signOut.action}>
                <CsrfField csrf={signOut.csrf} />
                <button type="submit" className="secondary">
                  {signOut.label}
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
      </div>
      {nav ? (
        <nav aria-label={nav.label}>
          <ul>
            {nav.links.map((link) => (
              <li key={link.key}>
                <a href={link.href} aria-current={link.current ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
