import type { ReactNode } from "react";
import type { BackOfficeSection, BackOfficeViewer } from "../../core/back-office";
import { fill } from "../../core/messages";
import { CsrfField } from "./fields";
import type { BackOfficeMessages } from "./messages";
import { roleName, SECTION_PATHS, sectionName } from "./sections";

export interface LayoutProps {
  t: BackOfficeMessages;
  title: string;
  viewer?: BackOfficeViewer | undefined;
  current?: BackOfficeSection | undefined;
  /** The stylesheet, inlined (its hash is in the page's CSP). */
  css: string;
  children: ReactNode;
}

/** Every back-office page: a header with who is signed in and the sections their role opens. */
export function Layout({ t, title, viewer, current, css, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} | ${t.siteName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Our own static stylesheet; the CSP allows exactly this text by its hash. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not input */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <a className="skip" href="#content">
          {t.skipToContent}
        </a>
        <header>
          <span className="brand">{t.siteName}</span>
          {viewer ? (
            <>
              <div className="who">
                {fill(t.signedInAs, { email: viewer.email, role: roleName(viewer.role, t) })}{" "}
                <form method="post" action="/admin/sign-out">
                  <CsrfField csrf={viewer.csrf} />
                  <button type="submit">{t.signOut}</button>
                </form>
              </div>
              <nav aria-label={t.navLabel}>
                <ul>
                  {viewer.sections.map((section) => (
                    <li key={section}>
                      <a
                        href={SECTION_PATHS[section]}
                        aria-current={section === current ? "page" : undefined}
                      >
                        {sectionName(section, t)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          ) : null}
        </header>
        <main id="content">
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}
