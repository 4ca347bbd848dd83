import type { LendersView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import type { BackOfficeMessages } from "../messages";
import { lenderModeName, lenderStatusName, licenceWords } from "../sections";

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
                {lender.id}, {lenderStatusName(lender.status, t)},{" "}
                {lender.licence
                  ? fill(t.lenderLicence, { licence: licenceWords(lender.licence, t) })
                  : t.lenderNoLicence}
                , {lenderModeName(lender.decisionMode, t)},{" "}
                {fill(t.lenderProducts, { count: lender.products })}
              </p>
              {lender.sample ? <p className="meta">{t.lenderSample}</p> : null}
              {lender.sandbox ? <p className="meta">{t.lenderSandbox}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
