import { type CalendarDate, isIsoDate } from "../../../core/helpers/dates";
import type { Locale } from "../../../core/locale";
import { sendOffersMessagesFor } from "../../messages/send-offers";
import type { PageInputs, PageRoute, RouteRecord, SiteMessages } from "../page";

/** What a plain form post of the offers page's "send my offers" came to (server/borrowers/offers-link-routes.ts). */
export type LinkProblem = "email" | "busy" | "not_sent" | "gone";

/**
 * The pages of the offers link (issue 17, decision 0205): where a link
 * past its seven days (or never ours) lands, and where the offers page's
 * send form lands without JavaScript. Their addresses carry no contact:
 * only how the link went and the day it stops working.
 */
export type OffersLinkView = { kind: "offers-link"; locale: Locale } & (
  | { step: "expired" }
  | { step: "sent"; by: "sms" | "email"; until?: CalendarDate | undefined }
  | { step: "problem"; problem: LinkProblem }
);

export const routes: readonly PageRoute[] = [
  { path: "/offers-link/expired/", slug: "expired" },
  { path: "/offers-link/sent/", slug: "sent" },
];

/** A visitor's own link's pages; not for search. */
export const indexed = false;

const PROBLEMS: readonly LinkProblem[] = ["email", "busy", "not_sent", "gone"];

export function view(route: RouteRecord, { query, locale }: PageInputs): OffersLinkView {
  const base = { kind: "offers-link", locale } as const;
  if (route.slug === "expired") return { ...base, step: "expired" };
  const problem = PROBLEMS.find((candidate) => candidate === query.error);
  if (problem) return { ...base, step: "problem", problem };
  const until = query.until !== undefined && isIsoDate(query.until) ? query.until : undefined;
  return { ...base, step: "sent", by: query.by === "sms" ? "sms" : "email", until };
}

export function head(view: OffersLinkView, t: SiteMessages) {
  const s = sendOffersMessagesFor(view.locale);
  const title =
    view.step === "expired"
      ? s.linkExpiredTitle
      : view.step === "sent"
        ? s.linkSentTitle
        : s.linkProblemTitle;
  return { title: `${title} | ${t.siteName}`, description: s.sendTitle };
}
