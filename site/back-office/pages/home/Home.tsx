import { fill } from "../../../../core/messages";
import {
  type AccountView,
  BACK_OFFICE_SECTION_PATHS,
  type BackOfficeViewer,
  type HomeView,
} from "../../../../core/views/back-office";
import { CsrfField, Notice } from "../../../operator/fields";
import { colomboDate } from "../../../operator/format";
import type { BackOfficeMessages } from "../../messages";
import type { BackOfficeContext } from "../../page";
import { roleName } from "../../sections";

export function HomePage({
  view,
  t,
  viewer,
  sections,
}: {
  view: HomeView;
  t: BackOfficeMessages;
  viewer: BackOfficeViewer;
  sections: BackOfficeContext["sections"];
}) {
  return (
    <>
      {view.twoFactor ? null : (
        <Notice>
          {t.homeTwoFactorOffer} <a href="/admin/account/two-factor/">{t.homeTwoFactorLink}</a>
        </Notice>
      )}
      {view.pending === undefined ? null : (
        <p>
          {view.pending > 0 ? fill(t.homePending, { count: view.pending }) : t.homeNothingPending}
        </p>
      )}
      <p>{t.homeIntro}</p>
      <ul className="cards">
        {viewer.sections
          .filter((section) => section !== "home")
          .map((section) => (
            <li key={section} className="card">
              <h2>
                <a href={BACK_OFFICE_SECTION_PATHS[section]}>{sections[section].name}</a>
              </h2>
              <p className="meta">{sections[section].describe}</p>
            </li>
          ))}
      </ul>
    </>
  );
}

export function AccountPage({
  view,
  t,
  csrf,
}: {
  view: AccountView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  return (
    <>
      <dl className="pairs">
        <dt>{t.accountEmail}</dt>
        <dd>{view.email}</dd>
        <dt>{t.accountRole}</dt>
        <dd>{roleName(view.role, t)}</dd>
        <dt>{t.accountSince}</dt>
        <dd>{colomboDate(view.createdAt)}</dd>
      </dl>
      <h2>{t.twoFactorTitle}</h2>
      {view.twoFactorSince ? (
        <p>
          {fill(t.accountTwoFactorOn, {
            date: colomboDate(view.twoFactorSince),
            count: view.recoveryCodesLeft,
          })}
        </p>
      ) : (
        <p>
          {t.accountTwoFactorOff} <a href="/admin/account/two-factor/">{t.accountTwoFactorLink}</a>
        </p>
      )}
      <h2>{t.accountEverywhere}</h2>
      <p>{t.accountEverywhereIntro}</p>
      <form method="post" action="/admin/account/sign-out-everywhere">
        <CsrfField csrf={csrf} />
        <button type="submit" className="danger">
          {t.accountEverywhere}
        </button>
      </form>
    </>
  );
}
