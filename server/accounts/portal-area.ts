import type { Request, Response, Router } from "express";
import { ALL_LOCALES, type Locale, localizePath } from "../../core/locale";
import { csrfTokenMatches } from "./csrf";
import { formFromOurPages, privatePageHeaders, signedInPagePolicy } from "./forms";
import type { AccountRow } from "./realm";
import type { AccountSession } from "./sessions";
import { codeStep, passwordStep, type SignInFlow, signOutStep } from "./sign-in";

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

/** The door's pages of a portal: its sign-in form, its code step, a refusal. */
type DoorPage<Notice extends string> =
  | {
      page: "sign-in";
      email: string;
      problem?: "mismatch" | "wait" | "busy" | undefined;
      notice?: Notice | undefined;
    }
  | { page: "sign-in-code"; csrf: string; problem?: "wrong" | "wait" | undefined }
  | { page: "refused" };

/**
 * A portal's door in its realm's sign-in flow (sign-in.ts), the same in every portal: its
 * home (the sign-in form, or a signed-in member's home page, which is the portal's own),
 * the password, a code in a second step while a session waits for one (any other visitor
 * is sent to the portal's home), and signing out. Turning the second factor on is each
 * portal's own.
 */
export function portalDoorRoutes<A extends AccountRow, Notice extends string>(
  router: Router,
  portal: Pick<PortalLanguage<DoorPage<Notice>>, "base" | "send"> & {
    form: PortalLanguage<DoorPage<Notice>>["formFrom"];
    accounts: SignInFlow<A>;
  },
  door: {
    /** What the sign-in page may say after a redirect (its `?notice=`). */
    notices: readonly Notice[];
    /** Answers with a signed-in member's home page. */
    home: (req: Request, res: Response, session: AccountSession<A>) => Promise<void>;
    /** Where the password alone leads an account without a second factor. */
    signedIn: string;
  },
): void {
  const { base, send, form: formFrom, accounts } = portal;

  router.get(base, async (req, res) => {
    // Routing is not strict: the address without its slash must go to the one with it.
    if (!req.path.endsWith("/")) {
      res.redirect(301, base);
      return;
    }
    const session = await accounts.sessionOf(req);
    if (session?.stage === "signed_in") {
      await door.home(req, res, session);
      return;
    }
    const notice = door.notices.find((one) => one === req.query.notice);
    send(req, res, 200, { page: "sign-in", email: "", notice });
  });

  router.post(`${base}sign-in/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    await passwordStep(accounts, req, res, form, {
      again: (status, email, problem) =>
        send(req, res, status, { page: "sign-in", email, problem }),
      next: { second_factor: `${base}sign-in/code/`, signed_in: door.signedIn },
    });
  });

  /** The session waiting for its code, or undefined once the visitor was sent on. */
  const halfSignedIn = async (req: Request, res: Response) => {
    const session = await accounts.sessionOf(req);
    if (session?.stage === "second_factor") return session;
    res.redirect(303, base);
    return undefined;
  };

  router.get(`${base}sign-in/code/`, async (req, res) => {
    const session = await halfSignedIn(req, res);
    if (!session) return;
    send(req, res, 200, { page: "sign-in-code", csrf: session.csrf });
  });

  router.post(`${base}sign-in/code/`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    const session = await halfSignedIn(req, res);
    if (!session) return;
    if (!csrfTokenMatches(session.token, form.csrf)) {
      send(req, res, 403, { page: "refused" });
      return;
    }
    await codeStep(accounts, req, res, session, form.code, {
      again: (status, problem) =>
        send(req, res, status, { page: "sign-in-code", csrf: session.csrf, problem }),
      next: base,
      ended: `${base}?notice=code_tries`,
    });
  });

  router.post(`${base}sign-out`, async (req, res) => {
    const form = await formFrom(req, res);
    if (!form) return;
    await signOutStep(accounts, req, res, form, {
      refused: () => send(req, res, 403, { page: "refused" }),
      next: `${base}?notice=signed_out`,
    });
  });
}
