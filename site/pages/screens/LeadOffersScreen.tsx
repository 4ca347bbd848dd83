import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type CalendarDate, colomboToday, formatDate } from "../../../core/dates";
import { type Locale, localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { formatRupees } from "../../../core/money";
import type { QuotedOffer } from "../../../core/offer-quotes";
import type { LeadOffers } from "../../../core/site-contract";
import { OfferCard } from "../../../widget/components/OfferList";
import { PushPromptSlot } from "../../components/PushPromptSlot";
import { SendOffers } from "../../components/SendOffers";
import { siteMessagesFor } from "../../messages";
import { type OffersMessages, offersMessagesFor } from "../../messages/offers";
import { DecisionsProgress } from "./DecisionsProgress";
import { leadOffersState, lenderNames } from "./lead-offers-view";
import type { ScreenView } from "./page.server";
import { RejectedScreen } from "./RejectedScreen";
import { SortForm } from "./SortForm";
import { useLiveOffers } from "./use-live-offers";

/**
 * SPEC §2's offers page after an application (issue 15): the thanks
 * message, the lenders being asked and their answers as they arrive, then
 * the pre-approved offers, the matched offers and the others, each ranked
 * (core/offer-quotes.ts) and sortable; "Get this offer" opens the lender in
 * a new tab through /go/{offerId} (the click is recorded), so this page
 * stays. Once no lender pre-approved or matched the application, SPEC §2's
 * rejected screen instead of an empty list.
 */
export function LeadOffersScreen({
  locale,
  view,
  lead: rendered,
  today,
}: {
  locale: Locale;
  view: ScreenView;
  lead: LeadOffers;
  today: CalendarDate;
}) {
  const t = siteMessagesFor(locale);
  const o = offersMessagesFor(locale);
  const lead = useLiveOffers(rendered);
  const { decisions } = lead;
  const [sort, setSort] = useState(view.sort);
  const state = leadOffersState(view.offers, lead, decisions, today, sort);
  const rejectedAtFirst = useRef(state.rejected);

  useEffect(() => {
    if (!state.rejected || rejectedAtFirst.current) return;
    // The answers came in while the visitor waited: say so where the page starts.
    document.title = `${t.rejectedTitle} | ${t.siteName}`;
    const heading = document.getElementById("screen-title");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus();
  }, [state.rejected, t]);

  if (state.rejected) {
    return <RejectedScreen locale={locale} today={today} text={o.rejectedText} />;
  }

  const summaryLine = (lenders: readonly string[], one: string, other: string) =>
    lenders.length === 0
      ? ""
      : fill(lenders.length === 1 ? one : other, {
          count: lenders.length,
          names: lenderNames(view.offers, lenders, locale, o.unnamedLender),
        });
  const count = state.approved.length + state.matched.length + state.others.length;
  const card = (item: QuotedOffer) => (
    <OfferCard
      key={item.offer.offer_id}
      item={item}
      locale={locale}
      href={`/go/${item.offer.offer_id}`}
      assetBase=""
      newTabText={o.newTab}
      {...(item.approval ? approvalParts(item, lead, o) : {})}
    />
  );
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{o.thanksTitle}</h1>
      <p className="lead">
        {fill(o.thanksText, { amount: formatRupees(lead.amount), days: lead.termDays })}
      </p>
      {decisions && decisions.asked > 0 ? (
        <DecisionsProgress locale={locale} decisions={decisions} />
      ) : null}
      {count > 1 ? <SortForm locale={locale} sort={sort} onSort={setSort} /> : null}
      <p>
        <a href={localizePath(locale, "/how-we-rank/")}>{t.rankingLink}</a>
      </p>
      <div className="lw-offers lead-offers">
        <OfferGroup
          title={
            state.approved.length === 1
              ? o.approvedTitleOne
              : fill(o.approvedTitleOther, { count: state.approved.length })
          }
          note={o.approvedIntro}
        >
          {state.approved.map(card)}
        </OfferGroup>
        <OfferGroup
          title={
            state.matched.length === 1
              ? t.offersTitleOne
              : fill(t.offersTitleOther, { count: state.matched.length })
          }
        >
          {state.matched.map(card)}
        </OfferGroup>
        <DecisionsSummary
          lines={[
            summaryLine(state.declined, o.declinedOne, o.declinedOther),
            summaryLine(state.unanswered, o.unansweredOne, o.unansweredOther),
          ]}
          note={o.declinedNote}
        />
        <OfferGroup title={o.othersTitle} note={o.othersNote}>
          {state.others.map(card)}
        </OfferGroup>
      </div>
      <SendOffers locale={locale} />
      <p className="field-hint">{o.thanksNote}</p>
      <PushPromptSlot locale={locale} />
    </section>
  );
}

/** A heading, a note and the offers under it; nothing at all without offers. */
function OfferGroup({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode[];
}) {
  const id = useId();
  if (children.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="lw-title">
        {title}
      </h2>
      {note ? <p className="lw-note">{note}</p> : null}
      <ul className="lw-offer-list">{children}</ul>
    </section>
  );
}

/** Lenders that said no or did not answer, by name, without a reason and without blame. */
function DecisionsSummary({ lines, note }: { lines: string[]; note: string }) {
  const said = lines.filter(Boolean);
  if (said.length === 0) return null;
  return (
    <div className="decisions-summary">
      {said.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="lw-note">{note}</p>
    </div>
  );
}

/** A pre-approval's card parts: the mark, how it differs from the loan asked, its expiry, its loan. */
function approvalParts(item: QuotedOffer, lead: LeadOffers, o: OffersMessages) {
  const approval = item.approval;
  if (!approval) return {};
  const expires = Date.parse(approval.expiresAt);
  return {
    children: (
      <p className="approval-note">
        <span className="approval-badge">{o.preApproved}</span>{" "}
        {approval.amount < lead.amount
          ? `${fill(o.smallerAmount, { asked: formatRupees(lead.amount) })} `
          : null}
        {approval.termDays === lead.termDays
          ? null
          : `${fill(o.otherTerm, { days: approval.termDays, asked: lead.termDays })} `}
        {Number.isFinite(expires)
          ? fill(o.validUntil, { date: formatDate(colomboToday(new Date(expires))) })
          : null}
      </p>
    ),
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
      </>
    ),
  };
}
