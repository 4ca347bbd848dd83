import { useId } from "react";
import { isOfferSort, OFFER_SORTS, type OfferSort } from "../../../core/domain/offer-quotes";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { offersMessagesFor } from "../../messages/offers";
import { isFiltered, type OfferFilters, REPAY_FILTERS, type RepayFilter } from "./offers-filters";

/**
 * The visitor's order and filters in one row that opens (decision 0362): a
 * <details> whose summary says the order, holding the sort (total to pay,
 * payment or APR, lowest first; pre-approved offers stay on top) and the
 * filters (monthly instalments or one repayment; the term). With JavaScript
 * the list follows each choice at once; without it the form asks the server
 * for `?sort=&repay=&term=`. Open while a filter is on.
 */
export function SortForm({
  locale,
  sort,
  filters,
  terms,
  all = false,
  onChange,
}: {
  locale: Locale;
  sort: OfferSort;
  filters: OfferFilters;
  /** The terms the list holds, in days: the term filter's choices. */
  terms: readonly number[];
  /** Every offer is shown: a reload without JavaScript keeps them all (`?all=1`). */
  all?: boolean;
  onChange(sort: OfferSort, filters: OfferFilters): void;
}) {
  const o = offersMessagesFor(locale);
  const id = useId();
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const chosen = data.get("sort");
    const repay = String(data.get("repay") ?? "any");
    const term = Number(data.get("term"));
    onChange(isOfferSort(chosen) ? chosen : sort, {
      repay: (REPAY_FILTERS as readonly string[]).includes(repay) ? (repay as RepayFilter) : "any",
      term: terms.includes(term) ? term : undefined,
    });
  };
  return (
    <details className="offers-controls" open={isFiltered(filters)}>
      <summary className="offers-controls-summary">
        <span className="offers-controls-title">{o.controlsSummary}</span>{" "}
        <span className="offers-controls-now">
          {fill(o.sortedBy, { sort: o[`sortShort:${sort}`] })}
        </span>
      </summary>
      <form
        className="sort-form"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          read(event.currentTarget);
        }}
        onChange={(event) => read(event.currentTarget)}
      >
        <div className="sort-field">
          <label className="sort-label" htmlFor={`${id}-sort`}>
            {o.sortLabel}
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={sort}
            aria-describedby={`${id}-note`}
            onChange={() => undefined}
          >
            {OFFER_SORTS.map((option) => (
              <option key={option} value={option}>
                {o[`sort:${option}`]}
              </option>
            ))}
          </select>
        </div>
        <div className="sort-field">
          <label className="sort-label" htmlFor={`${id}-repay`}>
            {o.repayLabel}
          </label>
          <select id={`${id}-repay`} name="repay" value={filters.repay} onChange={() => undefined}>
            {REPAY_FILTERS.map((option) => (
              <option key={option} value={option}>
                {o[`repay:${option}`]}
              </option>
            ))}
          </select>
        </div>
        {terms.length > 0 ? (
          <div className="sort-field">
            <label className="sort-label" htmlFor={`${id}-term`}>
              {o.termLabel}
            </label>
            <select
              id={`${id}-term`}
              name="term"
              value={filters.term ?? ""}
              onChange={() => undefined}
            >
              <option value="">{o.termAny}</option>
              {terms.map((days) => (
                <option key={days} value={days}>
                  {fill(o.daysValue, { days })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {all ? <input type="hidden" name="all" value="1" /> : null}
        <noscript>
          <button type="submit" className="button button-secondary">
            {o.sortSubmit}
          </button>
        </noscript>
        <p id={`${id}-note`} className="sort-note">
          {o.sortNote}
        </p>
      </form>
    </details>
  );
}
