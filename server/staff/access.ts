import {
  BACK_OFFICE_SECTION_PATHS,
  BACK_OFFICE_SECTIONS,
  type BackOfficeSection,
  STAFF_ROLES,
  type StaffRole,
} from "../../core/views/back-office";

/**
 * Who may use which back-office route (issue 16): the one table every
 * back-office router registers its routes through (gate.ts `route`), so a
 * route cannot exist without its roles, and the test that walks every route
 * as every role reads the same table. admin: everything; moderator: comments
 * and reviews; analyst: the read-only dashboard.
 */
const EVERYONE = STAFF_ROLES;
const MODERATORS = ["admin", "moderator"] as const;
const ADMINS = ["admin"] as const;
const ANALYSTS = ["admin", "analyst"] as const;

export const BACK_OFFICE_ROUTES = {
  "GET /admin/": EVERYONE,
  "POST /admin/sign-out": EVERYONE,
  "GET /admin/account/": EVERYONE,
  "POST /admin/account/sign-out-everywhere": EVERYONE,
  "GET /admin/account/two-factor/": EVERYONE,
  "POST /admin/account/two-factor/": EVERYONE,
  "GET /admin/moderation/": MODERATORS,
  "POST /admin/moderation/": MODERATORS,
  "GET /admin/reviews/:id/image": MODERATORS,
  "GET /admin/lenders/": ADMINS,
  "GET /admin/lenders/new/": ADMINS,
  "POST /admin/lenders/": ADMINS,
  "GET /admin/lenders/:id/": ADMINS,
  "POST /admin/lenders/:id/": ADMINS,
  "POST /admin/lenders/:id/status": ADMINS,
  "POST /admin/lenders/:id/secret": ADMINS,
  "POST /admin/lenders/:id/test": ADMINS,
  "GET /admin/lenders/:id/logo": ADMINS,
  "GET /admin/lenders/preview.js": ADMINS,
  "GET /admin/cards/": ADMINS,
  "GET /admin/cards/new/": ADMINS,
  "POST /admin/cards/": ADMINS,
  "GET /admin/cards/:id/": ADMINS,
  "POST /admin/cards/:id/": ADMINS,
  "POST /admin/cards/:id/remove": ADMINS,
  "GET /admin/partners/": ADMINS,
  "GET /admin/partners/:id/": ADMINS,
  "POST /admin/partners/:id/approve": ADMINS,
  "POST /admin/partners/:id/reject": ADMINS,
  "POST /admin/partners/:id/terms": ADMINS,
  "POST /admin/partners/:id/keys": ADMINS,
  "POST /admin/partners/:id/disable": ADMINS,
  "POST /admin/partners/:id/enable": ADMINS,
  "GET /admin/payouts/": ADMINS,
  "POST /admin/payouts/": ADMINS,
  "POST /admin/payouts/adjustments": ADMINS,
  "GET /admin/payouts/:run/": ADMINS,
  "POST /admin/payouts/:run/:partner/paid": ADMINS,
  "GET /admin/payouts/:run/:partner/": ADMINS,
  "GET /admin/payouts/:run/:partner/statement.csv": ADMINS,
  "GET /admin/invoices/": ADMINS,
  "POST /admin/invoices/": ADMINS,
  "POST /admin/invoices/prices": ADMINS,
  "GET /admin/invoices/:invoice/": ADMINS,
  "GET /admin/invoices/:invoice/invoice.csv": ADMINS,
  "GET /admin/invoices/:invoice/invoice.pdf": ADMINS,
  "GET /admin/funnel/": ANALYSTS,
  "GET /admin/funnel/download": ANALYSTS,
  "GET /admin/funnel/chart.js": ANALYSTS,
  "GET /admin/audit/": ADMINS,
  "GET /admin/staff/": ADMINS,
  "POST /admin/staff/": ADMINS,
  "POST /admin/staff/:id/role": ADMINS,
  "POST /admin/staff/:id/disable": ADMINS,
  "POST /admin/staff/:id/enable": ADMINS,
  "POST /admin/staff/:id/sign-out-everywhere": ADMINS,
  "POST /admin/staff/:id/link": ADMINS,
} as const satisfies Record<string, readonly StaffRole[]>;

export type BackOfficeRoute = keyof typeof BACK_OFFICE_ROUTES;

/**
 * The routes open without a signed-in session: signing in (the second step
 * needs the first's half-session) and a one-time link. Everything else under
 * /admin/ that is not in the table above answers 404.
 */
export const OPEN_BACK_OFFICE_ROUTES = [
  "GET /admin/sign-in/",
  "POST /admin/sign-in/",
  "GET /admin/sign-in/code/",
  "POST /admin/sign-in/code/",
  "GET /admin/enrol/",
  "POST /admin/enrol/",
] as const;
export type OpenBackOfficeRoute = (typeof OPEN_BACK_OFFICE_ROUTES)[number];

/**
 * What an admin who has not set up two-step sign-in may still do: set it up,
 * or leave. Everything else sends them to set it up first.
 */
export const BEFORE_TWO_FACTOR: readonly BackOfficeRoute[] = [
  "GET /admin/account/two-factor/",
  "POST /admin/account/two-factor/",
  "POST /admin/sign-out",
];

export function mayUse(role: StaffRole, route: BackOfficeRoute): boolean {
  return (BACK_OFFICE_ROUTES[route] as readonly StaffRole[]).includes(role);
}

/** A section's page, as a route of the table (the compiler checks every section has one). */
function sectionRoute(section: BackOfficeSection): BackOfficeRoute {
  const route: `GET ${(typeof BACK_OFFICE_SECTION_PATHS)[BackOfficeSection]}` = `GET ${BACK_OFFICE_SECTION_PATHS[section]}`;
  return route;
}

/** The sections a role opens, for the navigation: those whose page the role may GET. */
export function sectionsFor(role: StaffRole): BackOfficeSection[] {
  return BACK_OFFICE_SECTIONS.filter((section) => mayUse(role, sectionRoute(section)));
}

/** The two-step sign-in is required of admins (issue 16) and offered to everyone else. */
export function twoFactorRequired(role: StaffRole): boolean {
  return role === "admin";
}
