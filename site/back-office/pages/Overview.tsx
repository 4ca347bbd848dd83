import type { LendersView, PartnersView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import type { BackOfficeMessages } from "../messages";

export function LendersPage({ view, t }: { view: LendersView; t: BackOfficeMessages }) {
  return (
    <>
      <p>{t.lendersComing}</p>
      {view.lenders.length === 0 ? (
        <p>{t.lendersNone}</p>
      ) : (
        <ul className="cards">
          {view.lenders.map((lender) => (
            <li key={lender.id} className="card">
              <h2>{lender.name}</h2>
              <p className="meta">
                {lender.id}, {fill(t.lenderStatus, { status: lender.status })},{" "}
                {lender.licence
                  ? fill(t.lenderLicence, { licence: lender.licence })
                  : t.lenderNoLicence}
                , {fill(t.lenderMode, { mode: lender.decisionMode })},{" "}
                {fill(t.lenderProducts, { count: lender.products })}
                {lender.sample ? `, ${t.lenderSample}` : ""}
                {lender.sandbox ? `, ${t.lenderSandbox}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function PartnersPage({ view, t }: { view: PartnersView; t: BackOfficeMessages }) {
  return (
    <>
      <p>{t.partnersComing}</p>
      {view.partners.length === 0 ? (
        <p>{t.partnersNone}</p>
      ) : (
        <ul className="cards">
          {view.partners.map((partner) => (
            <li key={partner.id} className="card">
              <h2>{partner.name}</h2>
              <p className="meta">
                {partner.id},{" "}
                {fill(t.partnerPayout, {
                  amount: partner.payoutRupees.toLocaleString("en-LK"),
                  model: partner.payoutModel,
                })}
                , {fill(t.partnerOrigins, { count: partner.origins })},{" "}
                {partner.postback ? t.partnerPostback : t.partnerNoPostback}
                {partner.disabled ? `, ${t.partnerDisabled}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
