import {
  BACK_OFFICE_SECTION_TABLE,
  BACK_OFFICE_SECTIONS,
  type BackOfficeSection,
  STAFF_ROLES,
  type StaffRole,
} from "../../core/views/back-office";

/**
 * Who may use which back-office route (issue 16): a route has the roles of the section
 * whose path it lies under (`BACK_OFFICE_SECTION_TABLE` in core/views/back-office.ts,
 * decision 0348), so a section's routes need no line here. Every back-office router
 * registers its routes through the gate (gate.ts `route`), which refuses at start a route
 * under no section, and the test that walks every route as every role reads what the gate
 * registered. admin: everything; moderator: comments and reviews; analyst: the read-only
 * dashboard.
 */
export type BackOfficeRoute = `${"GET" | "POST"} /admin/${string}`;

/** The routes outside every section's path, with their roles. */
const OUTSIDE_SECTIONS: Readonly<Record<string, readonly StaffRole[]>> = {
  "POST /admin/sign-out": STAFF_ROLES,
  // A review's photo, which only the moderation page shows.
  "GET /admin/reviews/:id/image": BACK_OFFICE_SECTION_TABLE.moderation.roles,
};

/** The section a route lies under: the longest path that starts it (home's: only its own page). */
export function sectionOf(route: BackOfficeRoute): BackOfficeSection | undefined {
  const path = route.slice(route.indexOf(" ") + 1);
  let found: BackOfficeSection | undefined;
  for (const section of BACK_OFFICE_SECTIONS) {
    const start = BACK_OFFICE_SECTION_TABLE[section].path;
    const under = section === "home" ? path === start : path.startsWith(start);
    if (under && (!found || start.length > BACK_OFFICE_SECTION_TABLE[found].path.length)) {
      found = section;
    }
  }
  return found;
}

/** The roles that may use a route; none for a route under no section. */
export function rolesOf(route: BackOfficeRoute): readonly StaffRole[] {
  const outside = OUTSIDE_SECTIONS[route];
  if (outside) return outside;
  const section = sectionOf(route);
  return section ? BACK_OFFICE_SECTION_TABLE[section].roles : [];
}

/**
 * The routes open without a signed-in session: signing in (the second step
 * needs the first's half-session) and a one-time link. Everything else under
 * /admin/ that no router registers answers 404.
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
  return rolesOf(route).includes(role);
}

/** The sections a role opens, for the navigation: those whose roles name it. */
export function sectionsFor(role: StaffRole): BackOfficeSection[] {
  return BACK_OFFICE_SECTIONS.filter((section) =>
    (BACK_OFFICE_SECTION_TABLE[section].roles as readonly StaffRole[]).includes(role),
  );
}

/** The two-step sign-in is required of admins (issue 16) and offered to everyone else. */
export function twoFactorRequired(role: StaffRole): boolean {
  return role === "admin";
}
