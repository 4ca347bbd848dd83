import { PORTAL_SECTION_PATHS, PORTAL_SECTIONS } from "../../../../core/views/partner-portal";
import { rupeeDigits } from "../../../operator/format";
import { inSection, type PortalPageOf } from "../../page";
import { YourTerms } from "../../parts";

/** The partner's first page: who they are to us, a glance at the last 30 days, the tools. */
export const homePage: PortalPageOf<"home"> = {
  title: (_view, { t }) => t.homeTitle,
  section: inSection("home"),
  Body: ({ view, t, base }) => (
    <>
      <dl className="portal-facts">
        <dt>{t.partnerId}</dt>
        <dd>
          <code>{view.partnerId ?? "—"}</code>
        </dd>
        <dt>{t.status}</dt>
        <dd>{t.statuses[view.status]}</dd>
        <dt>{t.publishableKey}</dt>
        <dd>
          <code>{view.publishableKey ?? "—"}</code>
        </dd>
      </dl>
      <p className="hint">{t.publishableKeyHint}</p>
      <YourTerms t={t} terms={view.terms} />
      {view.status === "pending" ? <p>{t.pendingNote}</p> : null}
      {view.recent ? (
        <section aria-labelledby="home-recent">
          <h2 id="home-recent">{t.recentTitle}</h2>
          <dl className="home-recent tiles">
            <div>
              <dt>{t.recentVerifiedLeads}</dt>
              <dd>{rupeeDigits(view.recent.leads)}</dd>
            </div>
            <div>
              <dt>{t.recentEarnings}</dt>
              <dd>{rupeeDigits(view.recent.earnings)}</dd>
            </div>
          </dl>
          <p>
            <a className="portal-target" href={`${base}${PORTAL_SECTION_PATHS.dashboard}`}>
              {t.recentMore}
            </a>
          </p>
        </section>
      ) : null}
      {view.approved ? (
        <section aria-labelledby="home-tools">
          <h2 id="home-tools">{t.toolsTitle}</h2>
          <ul className="home-tools">
            {PORTAL_SECTIONS.filter((section) => section !== "home").map((section) => (
              <li key={section}>
                <a href={`${base}${PORTAL_SECTION_PATHS[section]}`}>{t.sections[section]}</a>
                <span>{t.sectionHints[section]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{t.twoFactorTitle}</h2>
      {view.twoFactor ? (
        <p>
          {t.twoFactorOn}{" "}
          <a href={`${base}${PORTAL_SECTION_PATHS.account}`}>{t.sections.account}</a>
        </p>
      ) : (
        <p>
          {t.twoFactorOff} <a href={`${base}two-factor/`}>{t.twoFactorLink}</a>
        </p>
      )}
    </>
  ),
};
