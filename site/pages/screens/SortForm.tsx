import { useId } from "react";
import type { Locale } from "../../../core/locale";
import { isOfferSort, OFFER_SORTS, type OfferSort } from "../../../core/offer-quotes";
import { offersMessagesFor } from "../../messages/offers";

/**
 * The visitor's order: total to pay, monthly payment or APR, lowest first
 * (pre-approved offers stay on top). With JavaScript the list follows the
 * choice at once; without it the form asks the server for `?sort=`.
 */
export function SortForm({
  locale,
  sort,
  all = false,
  onSort,
}: {
  locale: Locale;
  sort: OfferSort;
  /** Every offer is shown: a reload without JavaScript keeps them all (`?all=1`). */
  all?: boolean;
  onSort(sort: OfferSort): void;
}) {
  const o = offersMessagesFor(locale);
  const id = useId();
  const choose = (value: unknown) => {
    if (isOfferSort(value)) onSort(value);
  };
  return (
    <form
      className="sort-form"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        choose(new FormData(event.currentTarget).get("sort"));
      }}
    >
      <label className="sort-label" htmlFor={id}>
        {o.sortLabel}
      </label>
      <div className="sort-controls">
        <select
          id={id}
          name="sort"
          value={sort}
          aria-describedby={`${id}-note`}
          onChange={(event) => choose(event.currentTarget.value)}
        >
          {OFFER_SORTS.map((option) => (
            <option key={option} value={option}>
              {o[`sort:${option}`]}
            </option>
          ))}
        </select>
        {all ? <input type="hidden" name="all" value="1" /> : null}
        <noscript>
          <button type="submit" className="button button-secondary">
            {o.sortSubmit}
          </button>
        </noscript>
      </div>
      <p id={`${id}-note`} className="sort-note">
        {o.sortNote}
      </p>
    </form>
  );
}
