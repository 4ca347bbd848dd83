import type { ReactNode } from "react";
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

export interface LayoutProps {
  /** The page's language (the html element's). */
  lang: string;
  /** The page's heading; the document's title adds the area's name. */
  title: string;
  /** The area's words the frame shows: its name and the skip link. */
  words: { siteName: string; skipToContent: string };
  /** The stylesheet, inlined (its hash is in the page's CSP). */
  css: string;
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
  children: ReactNode;
}

/**
 * Every page of both signed-in areas (the back office, the partner portal):
 * a header with the area's name, the other languages, who is signed in, the
 * sign-out button and the menu; then the page under its heading.
 */
export function Layout(props: LayoutProps) {
  const { words, languages = [], signOut, nav } = props;
  const hasWho = languages.length > 0 || props.who !== undefined || signOut !== undefined;
  return (
    <html lang={props.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${props.title} | ${words.siteName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Our own static stylesheet; the CSP allows exactly this text by its hash. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not input */}
        <style dangerouslySetInnerHTML={{ __html: props.css }} />
      </head>
      <body>
        <a className="skip" href="#content">
          {words.skipToContent}
        </a>
        <header>
          {props.brandHref === undefined ? (
            <span className="brand">{words.siteName}</span>
          ) : (
            <a className="brand" href={props.brandHref}>
              {words.siteName}
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
              {props.who === undefined ? null : `${props.who} `}
              {signOut ? (
                <form method="post" action={signOut.action}>
                  <CsrfField csrf={signOut.csrf} />
                  <button type="submit">{signOut.label}</button>
                </form>
              ) : null}
            </div>
          ) : null}
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
        <main id="content">
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}
