import {
  LENDER_PORTAL_SECTION_NEEDS,
  LENDER_PORTAL_SECTION_PATHS,
  LENDER_PORTAL_SECTIONS,
} from "../../../../core/views/lender-portal";
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
        {view.can.map((capability) => {
          // The section a capability opens.
          const section =
            LENDER_PORTAL_SECTIONS.find(
              (each) => LENDER_PORTAL_SECTION_NEEDS[each] === capability,
            ) ?? "home";
          return (
            <li key={capability}>
              <a className="lender-target" href={`${base}${LENDER_PORTAL_SECTION_PATHS[section]}`}>
                {t.sections[section]}
              </a>
              <p>{t.capabilities[capability]}</p>
            </li>
          );
        })}
      </ul>
    </>
  ),
};
