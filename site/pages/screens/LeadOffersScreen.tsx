import { type ReactNode, useId } from "react";
import type { CalendarDate } from "../../../core/dates";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { formatRupees } from "../../../core/money";
import { type QuotedOffer, quoteOffers } from "../../../core/offer-quotes";
import type { LeadOffers } from "../../../core/site-contract";
import { OfferCard } from "../../../widget/components/OfferList";
import { PushPromptSlot } from "../../components/PushPromptSlot";
import { siteMessagesFor } from "../../messages";
import { offersMessagesFor } from "../../messages/offers";
import type { ScreenView } from "./page.server";

/**
 * SPEC §2's offers page after an application: the thanks message, then "N
 * offers matching you" for the applied amount and term, then the others,
 * each group cheapest total first (core/offer-quotes.ts), each offer leading
 * out through /go/{offerId} (the click is recorded).
 */
export function LeadOffersScreen({
  locale,
  view,
  lead,
  today,
}: {
  locale: Locale;
  view: ScreenView;
  lead: LeadOffers;
  today: CalendarDate;
}) {
  const t = siteMessagesFor(locale);
  const o = offersMessagesFor(locale);
  const ranked = quoteOffers(view.offers, lead, today, { activeOfferIds: lead.activeOfferIds });
  const matched = ranked.filter((item) => item.group === "matched");
  const card = (item: QuotedOffer) => (
    <OfferCard
      key={item.offer.offer_id}
      item={item}
      locale={locale}
      href={`/go/${item.offer.offer_id}`}
      assetBase=""
    />
  );
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{o.thanksTitle}</h1>
      <p className="lead">
        {fill(o.thanksText, { amount: formatRupees(lead.amount), days: lead.termDays })}
      </p>
      <div className="lw-offers">
        {matched.length === 0 ? <p className="lw-note">{o.noneMatching}</p> : null}
        <OfferGroup
          title={
            matched.length === 1
              ? t.offersTitleOne
              : fill(t.offersTitleOther, { count: matched.length })
          }
        >
          {matched.map(card)}
        </OfferGroup>
        <OfferGroup title={o.othersTitle} note={o.othersNote}>
          {ranked.filter((item) => item.group === "other").map(card)}
        </OfferGroup>
      </div>
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
