import type { ReactNode } from "react";
import { Header, type HeaderProps } from "./Header";

export interface LayoutProps extends Omit<HeaderProps, "siteName"> {
  /** The page's language (the html element's). */
  lang: string;
  /** The page's heading; the document's title adds the area's name. */
  title: string;
  /** The area's words the frame shows: its name and the skip link. */
  words: { siteName: string; skipToContent: string };
  /** The stylesheet, inlined (its hash is in the page's CSP). */
  css: string;
  children: ReactNode;
}

/**
 * Every page of the signed-in areas (the back office, the partner and lender portals):
 * the shared header (Header.tsx), then the page under its heading.
 */
export function Layout(props: LayoutProps) {
  const { words } = props;
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
        <Header
          siteName={words.siteName}
          brandHref={props.brandHref}
          languages={props.languages}
          who={props.who}
          signOut={props.signOut}
          nav={props.nav}
        />
        <main id="content">
          <h1>{props.title}</h1>
          {props.children}
        </main>
      </body>
    </html>
  );
}
