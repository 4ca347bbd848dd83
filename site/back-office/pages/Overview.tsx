import type { PartnersView } from "../../../core/back-office";
import { fill } from "../../../core/messages";
import type { BackOfficeMessages } from "../messages";

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
