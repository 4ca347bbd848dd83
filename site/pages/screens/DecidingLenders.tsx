import type { ApplicationDecisions } from "../../../core/domain/decisions";
import type { Offer } from "../../../core/domain/schemas/offer";
import type { Locale } from "../../../core/locale";
import { ApprovalOdds } from "../../../widget/components/ApprovalOdds";
import { offersMessagesFor } from "../../messages/offers";
import { lenderNames } from "./lead-offers-view";

/**
 * The lenders asked that have not answered yet, each with how often it
 * pre-approved applicants like this one (issue 36): only those the server
 * gave odds for (at least 30 answers behind them), only while the page
 * still waits. Each row gives way when its lender answers (the stream's or
 * polling's next decisions carry no odds for it), and the list goes once
 * nothing more will change.
 */
export function DecidingLenders({
  locale,
  catalogue,
  decisions,
  settled,
}: {
  locale: Locale;
  catalogue: readonly Offer[];
  decisions: ApplicationDecisions | undefined;
  settled: boolean;
}) {
  const o = offersMessagesFor(locale);
  const deciding = (decisions?.decisions ?? []).flatMap((decision) =>
    (decision.status === "waiting" || decision.status === "pending") && decision.approvalOdds
      ? [{ lenderId: decision.lenderId, odds: decision.approvalOdds }]
      : [],
  );
  if (settled || deciding.length === 0) return null;
  return (
    <section className="deciding-lenders" aria-labelledby="deciding-lenders-title">
      <h2 id="deciding-lenders-title" className="lw-title">
        {o.decidingTitle}
      </h2>
      <ul>
        {deciding.map(({ lenderId, odds }) => (
          <li key={lenderId} data-lender={lenderId}>
            <p className="deciding-lender">
              {lenderNames(catalogue, [lenderId], locale, o.unnamedLender)}
            </p>
            <ApprovalOdds locale={locale} odds={odds} scope="like-you" assetBase="" />
          </li>
        ))}
      </ul>
    </section>
  );
}
