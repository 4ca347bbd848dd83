/**
 * The site's tracking (issue 6), a chunk of its own loaded after hydration:
 * the marketing cookie and session, the experiment flow, page views (event
 * 5, and 27 after a restore from the back-forward cache) and the
 * application form's field events. Never what a visitor typed.
 */
import type { AttributionField } from "../core/domain/application";
import {
  decodeMarketing,
  encodeMarketing,
  MARKETING_COOKIE,
  MARKETING_COOKIE_MAX_AGE_SECONDS,
  MARKETING_SESSION_COOKIE,
  MARKETING_SESSION_MAX_AGE_SECONDS,
  type Marketing,
  marketingFromLanding,
  trafficType,
} from "../core/domain/marketing";
import { readCookie, writeCookie } from "../widget/runtime/cookies";
import { EVENT_PAGE, type EventFields, sendEvent, trackPageViews } from "../widget/runtime/tracker";
import { experimentFlow } from "./experiment";
import { runtimeConfig } from "./runtime-config";

/** What the tracking needs of a page's state (site/App.tsx AppState). */
export interface TrackedPage {
  page: string;
  locale: string;
  /** The path without its locale: "/" is the locale's root, where experiments draw. */
  rest: string;
}

let current: TrackedPage | undefined;
let flow: string | undefined;

function referrerHost(): string | undefined {
  try {
    const url = new URL(document.referrer);
    return url.host === window.location.host ? undefined : url.hostname;
  } catch {
    return undefined;
  }
}

/**
 * On landing: marketing values in the address go into the marketing cookie
 * (six months) and the marketing session (thirty minutes). Without them the
 * visit's session goes on, or starts with the kind of visit it is; the
 * cookie keeps the campaign that brought the visitor last.
 */
export function captureMarketing(): void {
  const landing = marketingFromLanding(new URLSearchParams(window.location.search), referrerHost());
  if (landing) {
    const text = encodeMarketing(landing);
    writeCookie(MARKETING_COOKIE, text, MARKETING_COOKIE_MAX_AGE_SECONDS);
    writeCookie(MARKETING_SESSION_COOKIE, text, MARKETING_SESSION_MAX_AGE_SECONDS);
    return;
  }
  const session =
    readCookie(MARKETING_SESSION_COOKIE) ??
    encodeMarketing({ traffic_type: trafficType({}, referrerHost()) });
  writeCookie(MARKETING_SESSION_COOKIE, session, MARKETING_SESSION_MAX_AGE_SECONDS);
}

/** This visit's values over the last campaign's: what travels with events and applications. */
export function currentMarketing(): Marketing {
  return {
    ...decodeMarketing(readCookie(MARKETING_COOKIE)),
    ...decodeMarketing(readCookie(MARKETING_SESSION_COOKIE)),
  };
}

function send(fields: EventFields) {
  const config = runtimeConfig();
  const marketing = currentMarketing();
  return sendEvent(
    { apiBase: "", logOnly: config.logEvents },
    {
      provider_id: config.providerId,
      sub1: marketing.sub1,
      sub3: flow,
      sub6: current?.locale,
      sub7: marketing.traffic_type,
      utm_source: marketing.utm_source,
      utm_medium: marketing.utm_medium,
      utm_campaign: marketing.utm_campaign,
      utm_content: marketing.utm_content,
      utm_term: marketing.utm_term,
      ...fields,
    },
  );
}

/** Once, after hydration: ids, marketing, the experiment flow, and the first page view. */
export function startTracking(page: TrackedPage): void {
  current = page;
  flow = experimentFlow(page.rest === "/");
  captureMarketing();
  trackPageViews(send, () => current?.page ?? page.page);
}

/** A page shown by in-app navigation. */
export function trackNavigation(page: TrackedPage): void {
  current = page;
  flow = experimentFlow(page.rest === "/") ?? flow;
  captureMarketing();
  void send({ event_id: EVENT_PAGE, sub4: "pageView", sub5: page.page });
}

export type FieldAction = "fieldFocus" | "fieldFilled" | "fieldInvalid";

/** A form field's event: its name only (SPEC: `sub8: 'index'`), never its value. */
export function trackField(action: FieldAction, field: string): void {
  void send({ event_id: EVENT_PAGE, sub4: action, sub5: field, sub8: "index" });
}

/**
 * What an application carries besides the form: the marketing attribution
 * under the link's own (the link is the more specific), the promo code and
 * the experiment flow.
 */
export function applicationExtras(linkAttribution: Partial<Record<AttributionField, string>>): {
  attribution: Partial<Record<AttributionField, string>>;
  promo_code?: string;
  experiment_flow?: string;
} {
  const { promo, ...attribution } = currentMarketing();
  return {
    attribution: { ...attribution, ...linkAttribution },
    ...(promo ? { promo_code: promo } : {}),
    ...(flow ? { experiment_flow: flow } : {}),
  };
}
