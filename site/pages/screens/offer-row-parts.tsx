import { AFFORDABLE_SHARE, incomeShare, type QuotedOffer } from "../../../core/domain/offer-quotes";
import { termMonths } from "../../../core/domain/product";
import { colomboToday, formatDate } from "../../../core/helpers/dates";
import { formatRupees } from "../../../core/helpers/money";
import { fill } from "../../../core/messages";
import type { LeadOffers } from "../../../core/views/site-contract";
import type { OffersMessages } from "../../messages/offers";

/** The row's status chips: words and an icon, so colour is never the only sign. */
const ICONS = {
  approved: "M4 10.5l4 4 8-9",
  matched: "M10 3v14M3 10h14",
  other: "M10 4v8M10 15.5v.5",
  hard: "M10 2.5l8 14.5H2zM10 8v4.5M10 14.5v.5",
} as const;

function StatusChip({ kind, label }: { kind: keyof typeof ICONS; label: string }) {
  return (
    <span className={`offer-status offer-status-${kind}`}>
      <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
        <path d={ICONS[kind]} fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
      {label}
    </span>
  );
}

/** A plain link to the lender (through our click-out page): no button, no recommendation. */
function LenderLink({ item, o }: { item: QuotedOffer; o: OffersMessages }) {
  return (
    <p>
      <a href={`/go/${item.offer.offer_id}`} className="offer-lender-link">
        {o.lenderSite}
      </a>
    </p>
  );
}

/**
 * What a row of the visitor's list adds to the offer: its status and the
 * button that fits it (pre-approved: "get this offer"; you match: "apply";
 * may not match: what the lender requires and a plain link, no button), the
 * largest payment as a share of the income the visitor gave, and a
 * pre-approval's loan. An offer hard to repay (decision 0355) leads with
 * that, whatever its group, and has a plain link only; one that is not
 * comfortable names a longer term of the same lender that fits, when there is one.
 */
export function rowParts(item: QuotedOffer, lead: LeadOffers, o: OffersMessages) {
  const share = incomeShare(item.quote, lead.monthlyIncome);
  const hard = item.affordability === "hard";
  const longer = item.longerTerm;
  // Below the button (issue 32): the card's own offer and its button stay on the first screen.
  const longerTerm = longer ? (
    <p className="offer-longer">
      {fill(o.longerTerm, {
        months: termMonths(longer.termDays),
        payment: formatRupees(longer.payment),
      })}{" "}
      {/* To the lender's own instalment loan, like any click-out: the lead's loan is
          fixed, and a new application within a day would join this one (0355). */}
      <a href={`/go/${longer.offerId}`}>
        {fill(o.longerTermLink, { months: termMonths(longer.termDays) })}
      </a>
    </p>
  ) : null;
  const high = share !== undefined && share > AFFORDABLE_SHARE;
  const why = high
    ? hard
      ? o.shareHard
      : fill(o.shareWarning, { limit: `${Math.round(AFFORDABLE_SHARE * 100)}%` })
    : null;
  /**
   * The payment as a share of the income, a warning above the limit. Why it is one stands in
   * the same line on a row with a plain link; under the button of a row that has one, so that
   * the offer and its button fit the first screen, the warning and the figure staying above
   * the button (issue 32, decision 0378).
   */
  const affordability = (button: boolean) => ({
    before:
      share === undefined ? null : (
        <p className={high ? "offer-share offer-share-high" : "offer-share"}>
          {high ? <strong>{`${o.shareWarningLabel} `}</strong> : null}
          {fill(item.quote.repayments.length > 1 ? o.shareMonthly : o.shareSingle, {
            percent: `${Math.round(share * 100)}%`,
          })}
          {why && !button ? ` ${why}` : null}
        </p>
      ),
    after: (
      <>
        {why && button ? <p className="offer-share offer-share-why">{why}</p> : null}
        {longerTerm}
      </>
    ),
  });
  const plain = affordability(false);
  const withButton = affordability(true);
  if (hard) {
    return {
      ctaText: "",
      afterActions: longerTerm,
      children: (
        <>
          <p className="offer-status-line">
            <StatusChip kind="hard" label={o.hardChip} />
            {item.approval ? ` ${o.preApproved}.` : null}
          </p>
          {plain.before}
          <LenderLink item={item} o={o} />
        </>
      ),
    };
  }
  if (item.group === "other") {
    const { criteria } = item.offer;
    return {
      ctaText: "",
      afterActions: longerTerm,
      children: (
        <>
          <p className="offer-status-line">
            <StatusChip kind="other" label={o.mayNotMatch} />
          </p>
          <p className="offer-requires">
            {fill(o.requires, {
              min: criteria.minAge,
              max: criteria.maxAge,
              income: formatRupees(criteria.minMonthlyIncome),
              employment: criteria.employment.map((type) => o[`employment:${type}`]).join(o.or),
            })}
          </p>
          {plain.before}
          <LenderLink item={item} o={o} />
        </>
      ),
    };
  }
  if (item.group === "matched") {
    return {
      ctaText: o.applyCta,
      afterActions: withButton.after,
      ctaSecondary: true,
      children: (
        <>
          <p className="offer-status-line">
            <StatusChip kind="matched" label={o.youMatch} />
          </p>
          {withButton.before}
        </>
      ),
    };
  }
  const approval = item.approval;
  const expires = approval ? Date.parse(approval.expiresAt) : Number.NaN;
  return {
    ctaText: o.offerCta,
    afterActions: withButton.after,
    children: (
      <>
        <p className="offer-status-line approval-note">
          <StatusChip kind="approved" label={o.preApproved} />{" "}
          {approval && approval.amount < lead.amount
            ? `${fill(o.smallerAmount, { asked: formatRupees(lead.amount) })} `
            : null}
          {approval && approval.termDays !== lead.termDays
            ? fill(o.otherTerm, { days: approval.termDays, asked: lead.termDays })
            : null}
        </p>
        {withButton.before}
      </>
    ),
    ...(approval
      ? {
          loanRows: (
            <>
              <div>
                <dt>{o.approvedAmount}</dt>
                <dd data-figure="approved-amount">{formatRupees(approval.amount)}</dd>
              </div>
              <div>
                <dt>{o.approvedTerm}</dt>
                <dd>{fill(o.daysValue, { days: approval.termDays })}</dd>
              </div>
              {/* Under "More details", so that the card stays short (issue 32). */}
              {Number.isFinite(expires) ? (
                <div>
                  <dt>{o.validLabel}</dt>
                  <dd>{formatDate(colomboToday(new Date(expires)))}</dd>
                </div>
              ) : null}
            </>
          ),
        }
      : {}),
  };
}
