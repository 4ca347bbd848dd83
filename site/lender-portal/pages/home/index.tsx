import {
  LENDER_PORTAL_SECTION_NEEDS,
  LENDER_PORTAL_SECTION_PATHS,
  LENDER_PORTAL_SECTIONS,
  type LenderCapability,
} from "../../../../core/views/lender-portal";
import { Notice } from "../../../operator/fields";
import type { LenderPageOf } from "../../page";

/** The section a capability opens (LENDER_PORTAL_SECTION_NEEDS read backwards). */
const sectionOf = (capability: LenderCapability) =>
  LENDER_PORTAL_SECTIONS.find((section) => LENDER_PORTAL_SECTION_NEEDS[section] === capability) ??
  "home";

/** The member's first page: their lender, their role, and what the role lets them do. */
export const homePage: LenderPageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  section: () => "home",
  Body: ({ view, t, base }) => (
    <>
      {view.paused ? <Notice>{t.pausedHome}</Notice> : null}
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
