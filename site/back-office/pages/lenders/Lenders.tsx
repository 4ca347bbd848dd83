import { fill } from "../../../../core/messages";
import type { LenderSummary, LendersView } from "../../../../core/views/back-office";
import { Alert, CardList, CsrfField, Notice } from "../../../operator/fields";
import type { BackOfficeMessages } from "../../messages";
import { lenderModeName, lenderStatusName, licenceWords } from "../../sections";
import { OddsFlag } from "../approval-odds/ApprovalOdds";

function StatusButton({
  lender,
  t,
  csrf,
}: {
  lender: LenderSummary;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const live = lender.status === "live";
  return (
    <form method="post" action={`/admin/lenders/${lender.id}/status`}>
      <CsrfField csrf={csrf} />
      <input type="hidden" name="status" value={live ? "paused" : "live"} />
      <button
        type="submit"
        className={live ? "danger" : "secondary"}
        aria-describedby={`lender-${lender.id}`}
      >
        {live ? t.lenderPause : t.lenderGoLive}
      </button>
    </form>
  );
}

/** /admin/lenders/: every lender with its status, mode and licence; pause, go live, edit. */
export function LendersPage({
  view,
  t,
  csrf,
}: {
  view: LendersView;
  t: BackOfficeMessages;
  csrf: string;
}) {
  const { notice } = view;
  const words = notice
    ? {
        live: t.lenderNoticeLive,
        paused: t.lenderNoticePaused,
        no_licence: t.lenderNoticeNoLicence,
        not_found: t.lenderNoticeNotFound,
      }[notice.kind]
    : "";
  return (
    <>
      {notice && (notice.kind === "live" || notice.kind === "paused") ? (
        <Notice>{fill(words, { id: notice.id })}</Notice>
      ) : notice ? (
        <Alert>{fill(words, { id: notice.id })}</Alert>
      ) : null}
      <p>{t.lendersIntro}</p>
      <p>
        <a className="button" href="/admin/lenders/new/">
          {t.lendersAdd}
        </a>
      </p>
      <CardList items={view.lenders} none={t.lendersNone}>
        {(lender) => (
          <li key={lender.id} className="card">
            <h2 id={`lender-${lender.id}`}>
              <a href={`/admin/lenders/${lender.id}/`}>{lender.name}</a>
            </h2>
            <p className="meta">
              {lender.id}, {lenderStatusName(lender.status, t)},{" "}
              {lender.licence
                ? fill(t.lenderLicence, { licence: licenceWords(lender.licence, t) })
                : t.lenderNoLicence}
              , {lenderModeName(lender.decisionMode, t)},{" "}
              {fill(t.lenderProducts, { count: lender.products })}
            </p>
            {lender.sample ? <p className="meta">{t.lenderSample}</p> : null}
            {lender.sandbox ? <p className="meta">{t.lenderSandbox}</p> : null}
            {lender.oddsFlagged ? <OddsFlag id={lender.id} t={t} link /> : null}
            <StatusButton lender={lender} t={t} csrf={csrf} />
          </li>
        )}
      </CardList>
    </>
  );
}
