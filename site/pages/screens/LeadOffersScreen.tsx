import { useEffect, useId, useRef, useState } from "react";
import type { QuotedOffer } from "../../../core/domain/offer-quotes";
import type { CalendarDate } from "../../../core/helpers/dates";
import { formatRupees } from "../../../core/helpers/money";
import { type Locale, localizePath } from "../../../core/locale";
import { fill } from "../../../core/messages";
import type { LeadOffers } from "../../../core/views/site-contract";
import { FIRST_SHOWN } from "../../../widget/components/OfferList";
import { PushPromptSlot } from "../../components/PushPromptSlot";
import { SendOffers } from "../../components/SendOffers";
import { TrustNotes } from "../../components/TrustNotes";
import { siteMessagesFor } from "../../messages";
import { offersMessagesFor } from "../../messages/offers";
import { CompareView } from "./CompareView";
import { DecidingLenders } from "./DecidingLenders";
import { DecisionsProgress } from "./DecisionsProgress";
import { LeadOfferCard } from "./LeadOfferCard";
import { leadOffersState, lenderNames } from "./lead-offers-view";
import { DecisionsSummary, groupTitle, OfferGroup } from "./offer-groups";
import { rowParts } from "./offer-row-parts";
import {
  isFiltered,
  MAX_COMPARED,
  NO_FILTERS,
  offersQuery,
  passes,
  termDaysOf,
  termsOf,
} from "./offers-filters";
import type { ScreenView } from "./page.server";
import { RejectedScreen } from "./RejectedScreen";
import { SortForm } from "./SortForm";
import { useLiveOffers } from "./use-live-offers";

/**
 * SPEC §2's offers page after an application (issues 15 and 17): the thanks
 * message, "edit my application", the lenders being asked and their answers
 * as they arrive, then the pre-approved offers, the matched offers and the
 * others, each ranked (core/domain/offer-quotes.ts) and sortable, as compact rows:
 * the first three, then "show all N" (a link to `?all=1` without
 * JavaScript). Each row says where the visitor stands (pre-approved, you
 * match, may not match: a chip with an icon and words) with the button that
 * fits it, and the payment as a share of the income the visitor gave.
 * "Get this offer" opens the lender in a new tab through /go/{offerId} (the
 * click is recorded), so this page stays. Once no lender pre-approved or
 * matched the application, SPEC §2's rejected screen instead of an empty list.
 * Issue 32: every card gives the same four figures, the sorted one large
 * (0360); one count of the lenders' answers (0361); filters, and two or
 * three offers side by side from `?compare=` (0362), all without JavaScript.
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
  const [filters, setFilters] = useState(view.filters);
  const [all, setAll] = useState(view.all);
  const state = leadOffersState(view.offers, lead, decisions, today, sort);
  const rejectedAtFirst = useRef(state.rejected);
  const offersList = useRef<HTMLDivElement>(null);
  const showAllPressed = useRef(false);
  const [announced, setAnnounced] = useState("");
  const compareForm = useId();
  const everything = [...state.approved, ...state.matched, ...state.others, ...state.hard];
  const keep = (items: QuotedOffer[]) =>
    items.filter((item) => passes(item, filters, lead.termDays));
  const groups = {
    approved: keep(state.approved),
    matched: keep(state.matched),
    others: keep(state.others),
    hard: keep(state.hard),
  };
  const listed = [...groups.approved, ...groups.matched, ...groups.others, ...groups.hard];
  const count = listed.length;

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
  const compared = view.compare
    .map((id) => everything.find((item) => item.offer.offer_id === id))
    .filter((item): item is QuotedOffer => item !== undefined)
    .slice(0, MAX_COMPARED);
  const here = { sort, filters, all };
  // The first three rows in list order (approved, matched, others, hard to repay), or all of them.
  let left = all ? Number.POSITIVE_INFINITY : FIRST_SHOWN;
  const shown = (items: QuotedOffer[]) => {
    const part = items.slice(0, Math.max(0, left));
    left -= part.length;
    return part;
  };
  const approved = shown(groups.approved);
  const matched = shown(groups.matched);
  const others = shown(groups.others);
  const hard = shown(groups.hard);
  const firstHidden = listed[FIRST_SHOWN];
  const card = (item: QuotedOffer) => (
    <LeadOfferCard
      key={item.offer.offer_id}
      item={item}
      locale={locale}
      sort={sort}
      termDays={termDaysOf(item, lead.termDays)}
      compareForm={everything.length > 1 ? compareForm : undefined}
      {...rowParts(item, lead, o)}
    />
  );
  const title = (items: QuotedOffer[], part: QuotedOffer[], words: [string, string, string]) =>
    groupTitle(fill, items.length, part.length, words);
  return (
    <section aria-labelledby="screen-title" className="lead-offers-screen">
      <h1 id="screen-title">{o.thanksTitle}</h1>
      {decisions && decisions.asked > 0 ? (
        <DecisionsProgress locale={locale} status={state.status} />
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
      {compared.length > 1 ? (
        <CompareView locale={locale} items={compared} lead={lead} backHref={offersQuery(here)} />
      ) : (
        <>
          {view.compare.length > 0 ? <p className="compare-too-few">{o.compareTooFew}</p> : null}
          {everything.length > 1 ? (
            <SortForm
              locale={locale}
              sort={sort}
              filters={filters}
              terms={termsOf(everything, lead.termDays, filters.term)}
              all={all}
              onChange={(nextSort, nextFilters) => {
                setSort(nextSort);
                setFilters(nextFilters);
              }}
            />
          ) : null}
          {isFiltered(filters) ? (
            <p className="filtered-count">
              {fill(o.filteredCount, { shown: count, count: everything.length })}{" "}
              <a
                href={offersQuery({ sort, filters: NO_FILTERS, all })}
                onClick={(event) => {
                  event.preventDefault();
                  setFilters(NO_FILTERS);
                }}
              >
                {o.clearFilters}
              </a>
            </p>
          ) : null}
          <div className="lw-offers lead-offers" ref={offersList}>
            <OfferGroup
              title={title(groups.approved, approved, [
                o.approvedTitleOne,
                o.approvedTitleOther,
                o.approvedTitleTop,
              ])}
              note={o.approvedIntro}
            >
              {approved.map(card)}
            </OfferGroup>
            <OfferGroup
              title={title(groups.matched, matched, [
                o.matchedTitleOne,
                o.matchedTitleOther,
                o.matchedTitleTop,
              ])}
            >
              {matched.map(card)}
            </OfferGroup>
            <DecidingLenders
              locale={locale}
              catalogue={view.offers}
              decisions={decisions}
              settled={state.settled}
            />
            <DecisionsSummary
              lines={[
                summaryLine(state.declined, o.declinedOne, o.declinedOther),
                summaryLine(state.unanswered, o.unansweredOne, o.unansweredOther),
              ]}
              note={o.declinedNote}
            />
            <OfferGroup
              title={title(groups.others, others, [o.othersTitle, o.othersTitle, o.othersTitleTop])}
              note={o.othersNote}
            >
              {others.map(card)}
            </OfferGroup>
            {/* After everything else, never as a recommendation (decision 0355). */}
            <OfferGroup
              title={title(groups.hard, hard, [o.hardTitleOne, o.hardTitleOther, o.hardTitleTop])}
              note={o.hardIntro}
            >
              {hard.map(card)}
            </OfferGroup>
            {all || !firstHidden ? null : (
              <a
                className="lw-button lw-secondary show-all"
                href={`${offersQuery({ ...here, all: true })}#offer-${firstHidden.offer.offer_id}`}
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
          {everything.length > 1 ? (
            <form id={compareForm} className="compare-form" method="get">
              <p>{o.compareHint}</p>
              <input type="hidden" name="sort" value={sort} />
              <button type="submit" className="button button-secondary">
                {o.compareSubmit}
              </button>
            </form>
          ) : null}
        </>
      )}
      {/* Below the list, so that a phone's first screen reaches the first offer. */}
      <TrustNotes locale={locale} variant="short" />
      {/* Below the list: the first screen is for the offers (issue 32). */}
      <p className="lead">
        {fill(o.thanksText, { amount: formatRupees(lead.amount), days: lead.termDays })}
      </p>
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
