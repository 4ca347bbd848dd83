import type { Request, Response, Router } from "express";
import { ALL_LOCALES, type Locale, localizePath } from "../../core/locale";
import { formFromOurPages, privatePageHeaders, signedInPagePolicy } from "./forms";

/** The pages every portal has: a refused request and its own 404. */
type PortalAreaPage = { page: "refused" } | { page: "not-found" };

/** What a portal's routes get in each language: its address, its pages and its forms. */
export interface PortalLanguage<View> {
  locale: Locale;
  /** The portal's address in this language, with its slash (`/en/partner/portal/`). */
  base: string;
  /** Answers with a page of the portal, in this language. */
  send: (req: Request, res: Response, status: number, view: View) => void;
  /** A POST's form, from one of our pages; undefined once refused. */
  formFrom: (req: Request, res: Response) => Promise<Record<string, unknown> | undefined>;
}

/** A portal's pages: where they are, and how they are styled and rendered. */
export interface PortalPages<View> {
  /** The Sinhala address without its slash (`/partner/portal`). */
  path: string;
  /** The one inline stylesheet, which the pages' CSP allows by its hash. */
  stylesheet: string;
  /** A page, in a language: it must be able to show a refusal and the 404. */
  render: (locale: Locale, view: View | PortalAreaPage, path: string) => string;
}

/**
 * A portal in the site's three languages (the partner and the lender portals) on a
 * router: the headers of a signed-in area on every language's address, each language's
 * routes as `routes` mounts them, then the portal's own 404 in that language.
 */
export function portalInEachLanguage<View>(
  router: Router,
  portal: PortalPages<View>,
  /** The site's public origin: forms come from its pages only. */
  origin: string,
  routes: (language: PortalLanguage<View>) => void,
): void {
  router.use(
    ALL_LOCALES.map((locale) => localizePath(locale, portal.path)),
    privatePageHeaders(signedInPagePolicy(portal.stylesheet)),
  );
  for (const locale of ALL_LOCALES) {
    const base = localizePath(locale, `${portal.path}/`);
    const send = (req: Request, res: Response, status: number, view: View | PortalAreaPage) => {
      res
        .status(status)
        .type("html")
        .send(portal.render(locale, view, req.path));
    };
    const formFrom = (req: Request, res: Response) =>
      formFromOurPages(req, res, origin, (status) => send(req, res, status, { page: "refused" }));
    routes({ locale, base, send, formFrom });

    // The rest of the portal: its own 404 page, in its language.
    router.use(base, (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
        next();
        return;
      }
      send(req, res, 404, { page: "not-found" });
    });
  }
}
