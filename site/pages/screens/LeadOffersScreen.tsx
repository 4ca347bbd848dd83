import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { CalendarDate } from "../../../core/dates";
import { type Locale, localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { formatRupees } from "../../../core/money";
import type { QuotedOffer } from "../../../core/offer-quotes";
import type { LeadOffers } from "../../../core/site-contract";
import { FIRST_SHOWN, OfferCard } from "../../../widget/components/OfferList";
import { PushPromptSlot } from "../../components/PushPromptSlot";
import { SendOffers } from "../../components/SendOffers";
import { TrustNotes } from "../../components/TrustNotes";
import { siteMessagesFor } from "../../messages";
import { offersMessagesFor } from "../../messages/offers";
import { DecisionsProgress } from "./DecisionsProgress";
import { leadOffersState, lenderNames } from "./lead-offers-view";
import { rowParts } from "./offer-row-parts";
import type { ScreenView } from "./page.server";
import { RejectedScreen } from "./RejectedScreen";
import { SortForm } from "./SortForm";
import { useLiveOffers } from "./use-live-offers";

/**
 * SPEC §2's offers page after an application (issues 15 and 17): the thanks
 * message, "edit my application", the lenders being asked and their answers
 * as they arrive, then the pre-approved offers, the matched offers and the
 * others, each ranked (core/offer-quotes.ts) and sortable, as compact rows:
 * the first three, then "show all N" (a link to `?all=1` without
 * JavaScript). Each row says where the visitor stands (pre-approved, you
 * match, may not match: a chip with an icon and words) with the button that
 * fits it, and the payment as a share of the income the visitor gave.
 * "Get this offer" opens the lender in a new tab through /go/{offerId} (the
 * click is recorded), so this page stays. Once no lender pre-approved or
 * matched the application, SPEC §2's rejected screen instead of an empty list.
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
  const [all, setAll] = useState(view.all);
  const state = leadOffersState(view.offers, lead, decisions, today, sort);
  const rejectedAtFirst = useRef(state.rejected);
  const offersList = useRef<HTMLDivElement>(null);
  const showAllPressed = useRef(false);
  const [announced, setAnnounced] = useState("");
  const count =
    state.approved.length + state.matched.length + state.others.length + state.hard.length;

  useEffect(() => {
    if (!state.rejected || rejectedAtFirst.current) return;
    // The answers came in while the visitor waited: say so where the page starts.
    document.title = `${t.rejectedTitle} | ${t.siteName}`;
    focusHeading();
  }, [state.rejected, t]);

  // The offers are there: the keyboard and the screen reader start at their heading.
  useEffect(() => {
    if (!rejectedAtFirst.current) focusHeading();
  }, []);

  // One polite announcement of the count, once lenders have decided (not one per row).
  useEffect(() => {
    if (!state.settled || state.rejected) return;
    setAnnounced(count === 1 ? o.readyOne : fill(o.readyOther, { count }));
  }, [state.settled, state.rejected, count, o]);

  // "Show all N": the keyboard goes on at the first row it added.
  useEffect(() => {
    if (!all || !showAllPressed.current) return;
    showAllPressed.current = false;
    const row = offersList.current?.querySelectorAll<HTMLElement>(".lw-offer")[FIRST_SHOWN];
    row?.setAttribute("tabindex", "-1");
    row?.focus();
  }, [all]);

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
  // The first three rows in list order (approved, matched, others, hard to repay), or all of them.
  let left = all ? Number.POSITIVE_INFINITY : FIRST_SHOWN;
  const shown = (items: QuotedOffer[]) => {
    const part = items.slice(0, Math.max(0, left));
    left -= part.length;
    return part;
  };
  const approved = shown(state.approved);
  const matched = shown(state.matched);
  const others = shown(state.others);
  const hard = shown(state.hard);
  const firstHidden = [...state.approved, ...state.matched, ...state.others, ...state.hard][
    FIRST_SHOWN
  ];
  const card = (item: QuotedOffer) => (
    <OfferCard
      key={item.offer.offer_id}
      item={item}
      locale={locale}
      href={`/go/${item.offer.offer_id}`}
      assetBase=""
      newTabText={o.newTab}
      id={`offer-${item.offer.offer_id}`}
      {...rowParts(item, lead, o)}
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
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
      {count > 1 ? <SortForm locale={locale} sort={sort} all={all} onSort={setSort} /> : null}
      <div className="lw-offers lead-offers" ref={offersList}>
        <OfferGroup
          title={
            state.approved.length === 1
              ? o.approvedTitleOne
              : fill(o.approvedTitleOther, { count: state.approved.length })
          }
          note={o.approvedIntro}
        >
          {approved.map(card)}
        </OfferGroup>
        <OfferGroup
          title={
            state.matched.length === 1
              ? o.matchedTitleOne
              : fill(o.matchedTitleOther, { count: state.matched.length })
          }
        >
          {matched.map(card)}
        </OfferGroup>
        <DecisionsSummary
          lines={[
            summaryLine(state.declined, o.declinedOne, o.declinedOther),
            summaryLine(state.unanswered, o.unansweredOne, o.unansweredOther),
          ]}
          note={o.declinedNote}
        />
        <OfferGroup title={o.othersTitle} note={o.othersNote}>
          {others.map(card)}
        </OfferGroup>
        {/* After everything else, never as a recommendation (decision 0355). */}
        <OfferGroup
          title={
            state.hard.length === 1
              ? o.hardTitleOne
              : fill(o.hardTitleOther, { count: state.hard.length })
          }
          note={o.hardIntro}
        >
          {hard.map(card)}
        </OfferGroup>
        {all || !firstHidden ? null : (
          <a
            className="lw-button lw-secondary show-all"
            href={`?sort=${sort}&all=1#offer-${firstHidden.offer.offer_id}`}
            onClick={(event) => {
              event.preventDefault();
              showAllPressed.current = true;
              setAll(true);
            }}
          >
            {fill(t.showAll, { count })}
          </a>
        )}
      </div>
      {/* Below the list, so that a phone's first screen reaches the first offer. */}
      <TrustNotes locale={locale} variant="short" />
      <p className="offers-links">
        <a className="edit-application" href={localizePath(locale, "/application/")}>
          {o.editApplication}
        </a>
        <a href={localizePath(locale, "/how-we-rank/")}>{t.rankingLink}</a>
      </p>
      <SendOffers locale={locale} />
      <p className="field-hint">{o.thanksNote}</p>
      <TrustNotes locale={locale} />
      <PushPromptSlot locale={locale} />
    </section>
  );
}

function focusHeading() {
  const heading = document.getElementById("screen-title");
  heading?.setAttribute("tabindex", "-1");
  heading?.focus();
}

/** A heading, the offers under it, then a note (the first row stays high on a phone); nothing without offers. */
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
      <ul className="lw-offer-list">{children}</ul>
      {note ? <p className="lw-note">{note}</p> : null}
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
