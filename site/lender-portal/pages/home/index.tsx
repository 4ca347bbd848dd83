import {
  LENDER_PORTAL_SECTION_NEEDS,
  LENDER_PORTAL_SECTION_PATHS,
  LENDER_PORTAL_SECTIONS,
  type LenderCapability,
  type LenderPortalSection,
} from "../../../../core/views/lender-portal";

/** The section a capability opens (test mode's unless a section needs it). */
const sectionOf = (capability: LenderCapability): LenderPortalSection =>
  LENDER_PORTAL_SECTIONS.find((section) => LENDER_PORTAL_SECTION_NEEDS[section] === capability) ??
  "test";

import type { LenderPageOf } from "../../page";

/** The member's first page: their lender, their role, and what the role lets them do. */
export const homePage: LenderPageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  section: () => "home",
  Body: ({ view, t, base }) => (
    <>
      <dl>
        <dt>{t.lender}</dt>
        <dd>{view.lenderName}</dd>
        <dt>{t.lenderId}</dt>
        <dd>
          <code>{view.lenderId}</code>
        </dd>
        <dt>{t.signedInAs}</dt>
        <dd>{view.email}</dd>
        <dt>{t.yourRole}</dt>
        <dd>{t.roles[view.role]}</dd>
      </dl>
      <h2>{t.canTitle}</h2>
      <ul>
        {view.can.map((capability) => (
          <li key={capability}>
            <a
              className="lender-target"
              href={`${base}${LENDER_PORTAL_SECTION_PATHS[sectionOf(capability)]}`}
            >
              {t.sections[sectionOf(capability)]}
            </a>
            <p>{t.capabilities[capability]}</p>
          </li>
        ))}
      </ul>
    </>
  ),
};
