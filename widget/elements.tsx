import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { isAttributionCode } from "../core/domain/application";
import { type EligibilityAnswers, eligibilityOutcome } from "../core/domain/eligibility";
import { type CalendarDate, colomboToday } from "../core/helpers/dates";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../core/locale";
import { messagesFor } from "../core/messages";
import { ATTRIBUTION_KEYS, type Attribution, applicationUrl } from "./apply-link";
import { incomeBandOf, useApprovalOdds } from "./approval-odds-feed";
import { catalogLoaded, LOAD_ERROR, loadCatalog, setCatalogBase } from "./catalogs";
import { Calculator } from "./components/Calculator";
import { EligibilityTest } from "./components/EligibilityTest";
import { LoanWidget } from "./components/LoanWidget";
import { OfferList } from "./components/OfferList";
import { emit } from "./events";
import { defineGuestElement, type PropTypes } from "./guest-element";
import { type LoanSelection, normalizeSelection, representativeQuote } from "./loan-selection";
import { useOffersFeed } from "./offers-feed";
import { sendEvent, trackPageViews } from "./runtime/tracker";
import { readScriptDefaults, type ScriptDefaults } from "./script-defaults";

/**
 * Attributes every element takes, by property name: `apiBase` is the
 * `api-base` attribute. `container` is the element's shadow root (r2wc's).
 */
interface CommonProps {
  container?: ShadowRoot;
  lang?: string;
  partner?: string;
  amount?: number | string;
  period?: number | string;
  apiBase?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  sub4?: string;
  sub5?: string;
  /** `income-band`: the visitor's monthly income band (0–3, ODDS_BANDS), for the offers' odds. */
  incomeBand?: string;
}

/**
 * Each attribute's type, as r2wc reads it: `amount="30000"` is the number
 * 30000. A property set from JavaScript is given as is until r2wc reflects
 * it to its attribute, so the components read both through asText/asNumber.
 */
const PROP_TYPES = {
  lang: "string",
  partner: "string",
  amount: "number",
  period: "number",
  apiBase: "string",
  sub1: "string",
  sub2: "string",
  sub3: "string",
  sub4: "string",
  sub5: "string",
  incomeBand: "string",
} satisfies Record<Exclude<keyof CommonProps, "container">, PropTypes[string]>;

let scriptDefaults: ScriptDefaults | undefined;

/** The element's `lang`, else the script tag's `data-lang`, else the page's `<html lang>`, else Sinhala. */
function resolveLocale(lang: string | undefined): Locale {
  for (const candidate of [lang, scriptDefaults?.lang, document.documentElement.lang]) {
    const code = candidate?.toLowerCase().split("-")[0];
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

/**
 * A prop is as r2wc parsed its attribute (PROP_TYPES), or a property as it
 * was set when r2wc had no need to reflect it (the same text already in the
 * attribute), so `element.amount = "30000"` and `amount="30000"` both work.
 */
function asText(value: unknown): string | undefined {
  return value === undefined || value === null || value === "" ? undefined : String(value);
}

function asNumber(value: unknown): number | undefined {
  const text = asText(value);
  return text === undefined ? undefined : Number(text);
}

/** Everything an element needs that comes from attributes, the script tag and the clock. */
function useElementContext(props: CommonProps) {
  const defaults = scriptDefaults ?? readScriptDefaults();
  const locale = resolveLocale(asText(props.lang));
  const apiBase = (asText(props.apiBase) ?? defaults.apiBase).replace(/\/+$/, "");
  const attribution: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) attribution[key] = asText(props[key]) ?? defaults[key];
  const [today] = useState<CalendarDate>(() => colomboToday(new Date()));
  const host = props.container?.host;
  // A partner's publishable key in `partner` goes with the feed and the events (issue 8).
  const keyQuery = attribution.partner?.startsWith("pk_")
    ? `?key=${encodeURIComponent(attribution.partner)}`
    : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per page, from the first element's context.
  useEffect(() => trackWidgetView(apiBase, keyQuery, locale, attribution.sub1), []);
  return { locale, apiBase, keyQuery, attribution, today, host };
}

let viewTracked = false;

/**
 * One page view per page however many elements it has (event 5, and 27
 * after a restore from the back-forward cache), with the partner's sub1.
 * The ids live in `lw_`-prefixed cookies, never in the host's own names;
 * a partner's publishable key (a `partner` of `pk_…`) goes with the event.
 * A blocked or failed event changes nothing on the page.
 */
function trackWidgetView(
  apiBase: string,
  query: string,
  locale: Locale,
  sub1: string | undefined,
): void {
  if (viewTracked) return;
  viewTracked = true;
  const options = {
    apiBase,
    query,
    logOnly: scriptDefaults?.events === "log",
    cookiePrefix: "lw_",
  };
  trackPageViews(
    (fields) =>
      sendEvent(options, {
        ...fields,
        // A partner's sub1 may be free text or a number like a phone's; events take codes only.
        sub1: isAttributionCode(sub1 ?? "") ? sub1 : undefined,
        sub6: locale,
      }),
    () => "widget",
  );
}

type ElementContext = ReturnType<typeof useElementContext>;

/**
 * The selection starts from the attributes and follows them when they
 * change; `choose` is the visitor's change, announced as `loan-change`.
 */
function useSelection(amountValue: unknown, periodValue: unknown, context: ElementContext) {
  const amount = asNumber(amountValue);
  const period = asNumber(periodValue);
  const [selection, setSelection] = useState<LoanSelection>(() =>
    normalizeSelection(amount, period),
  );
  useEffect(() => {
    setSelection(normalizeSelection(amount, period));
  }, [amount, period]);
  const choose = (next: LoanSelection) => {
    setSelection(next);
    if (!context.host) return;
    const quote = representativeQuote(next, context.today);
    emit(context.host, "loan-change", {
      amount: next.amount,
      period: next.termDays,
      total: quote.total,
      apr: quote.apr,
      returnDate: quote.returnDate,
    });
  };
  return { selection, choose };
}

function useAnswers(host: Element | undefined) {
  const [answers, setAnswers] = useState<EligibilityAnswers>({});
  const onAnswer = (name: keyof EligibilityAnswers, value: boolean) => {
    const next = { ...answers, [name]: value };
    setAnswers(next);
    if (host) emit(host, "loan-eligibility", { answers: next, outcome: eligibilityOutcome(next) });
  };
  return { answers, onAnswer };
}

/**
 * Where a selection leads: each offer's link and the "Apply now" link to our
 * form (prefilled, with the partner's attribution), and the cancelable
 * events that announce them (`loan-offer-select`, `loan-apply`).
 */
function loanActions(context: ElementContext, selection: LoanSelection) {
  const { apiBase, locale, attribution, host } = context;
  // The page's host name, never its path: the partner's figures by domain and "widget" (0256).
  const from = location.hostname;
  const applyHref = applicationUrl({ apiBase, locale, selection, attribution, from });
  return {
    applyHref,
    offerHref: (offerId: number) =>
      applicationUrl({ apiBase, locale, selection, attribution, offerId, from }),
    onOfferSelect: (offerId: number) => !host || emit(host, "loan-offer-select", { offerId }),
    onApply: () =>
      !host ||
      emit(host, "loan-apply", {
        amount: selection.amount,
        period: selection.termDays,
        url: applyHref,
      }),
  };
}

/**
 * The element's content once its language's catalog is there (decision
 * 0303). Until then: the last language it had, marked busy, when the
 * language changed; else a busy box of the element's height (widget.css,
 * `.lw-wait`); a catalog that could not be had says so, with a retry.
 */
function Localized(props: {
  locale: Locale;
  kind: string;
  children: (locale: Locale) => ReactNode;
}) {
  const { locale, kind } = props;
  const ready = catalogLoaded(locale);
  const [shown, setShown] = useState<Locale | undefined>(ready ? locale : undefined);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry.
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadCatalog(locale).then((ok) => {
      if (!live) return;
      if (ok) setShown(locale);
      setFailed(!ok);
    });
    return () => {
      live = false;
    };
  }, [locale, attempt]);
  if (ready || (shown && !failed)) {
    const current = ready ? locale : (shown as Locale);
    return (
      <div className="lw-root" lang={current} aria-busy={ready ? undefined : "true"}>
        {props.children(current)}
      </div>
    );
  }
  const [text, retry] = LOAD_ERROR[locale] ?? LOAD_ERROR.en;
  return (
    <div className={`lw-root lw-wait lw-${kind}`} lang={locale} aria-busy={!failed}>
      {failed && (
        <>
          <p className="lw-warning" role="alert">
            {text}
          </p>
          <button
            type="button"
            className="lw-button"
            part="button"
            onClick={() => setAttempt(attempt + 1)}
          >
            {retry}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * `<loan-calculator>`: amount and period sliders, the loan's figures, and
 * "Apply now". Events: `loan-change`, `loan-apply`.
 */
function CalculatorElement(props: CommonProps) {
  const context = useElementContext(props);
  const { selection, choose } = useSelection(props.amount, props.period, context);
  const { applyHref, onApply } = loanActions(context, selection);
  return (
    <Localized locale={context.locale} kind="calculator">
      {(locale) => (
        <>
          <Calculator
            locale={locale}
            selection={selection}
            today={context.today}
            onSelectionChange={choose}
          />
          <a
            className="lw-cta"
            part="cta apply"
            href={applyHref}
            onClick={(event) => {
              if (!onApply()) event.preventDefault();
            }}
          >
            {messagesFor(locale).applyNow}
          </a>
        </>
      )}
    </Localized>
  );
}

/**
 * `<loan-eligibility amount period>`: the four questions; four "yes" lead to
 * the application for that loan. Events: `loan-eligibility`, `loan-apply`.
 */
function EligibilityElement(props: CommonProps) {
  const context = useElementContext(props);
  const { selection } = useSelection(props.amount, props.period, context);
  const { answers, onAnswer } = useAnswers(context.host);
  const { applyHref, onApply } = loanActions(context, selection);
  return (
    <Localized locale={context.locale} kind="eligibility">
      {(locale) => (
        <>
          <EligibilityTest
            locale={locale}
            answers={answers}
            onAnswer={onAnswer}
            applyHref={applyHref}
            onApply={onApply}
          />
        </>
      )}
    </Localized>
  );
}

/** `<loan-offers amount period>`: the offers for that loan. Event: `loan-offer-select`. */
function OffersElement(props: CommonProps) {
  const context = useElementContext(props);
  const { selection } = useSelection(props.amount, props.period, context);
  const { feed, retry } = useOffersFeed(context.apiBase, context.keyQuery);
  const { offerHref, onOfferSelect } = loanActions(context, selection);
  const odds = useApprovalOdds(context.apiBase, selection, incomeBandOf(asText(props.incomeBand)));
  return (
    <Localized locale={context.locale} kind="offers">
      {(locale) => (
        <>
          <OfferList
            locale={locale}
            selection={selection}
            today={context.today}
            feed={feed}
            onRetry={retry}
            assetBase={context.apiBase}
            offerHref={offerHref}
            onOfferSelect={onOfferSelect}
            odds={odds}
          />
        </>
      )}
    </Localized>
  );
}

/** `<loan-widget>`: calculator → eligibility → offers → apply. All four events. */
function WidgetElement(props: CommonProps) {
  const context = useElementContext(props);
  const { selection, choose } = useSelection(props.amount, props.period, context);
  const { answers, onAnswer } = useAnswers(context.host);
  const { feed, retry } = useOffersFeed(context.apiBase, context.keyQuery);
  const odds = useApprovalOdds(context.apiBase, selection, incomeBandOf(asText(props.incomeBand)));
  return (
    <Localized locale={context.locale} kind="widget">
      {(locale) => (
        <>
          <LoanWidget
            locale={locale}
            selection={selection}
            onSelectionChange={choose}
            answers={answers}
            onAnswer={onAnswer}
            today={context.today}
            feed={feed}
            onRetry={retry}
            assetBase={context.apiBase}
            odds={odds}
            {...loanActions(context, selection)}
          />
        </>
      )}
    </Localized>
  );
}

const ELEMENTS: [string, ComponentType<CommonProps>][] = [
  ["loan-calculator", CalculatorElement],
  ["loan-eligibility", EligibilityElement],
  ["loan-offers", OffersElement],
  ["loan-widget", WidgetElement],
];

/**
 * Fetches the catalogs the page's elements need at once (the page's
 * language, and each element's own `lang`), and defines the elements when
 * they have arrived or failed: until then the elements are undefined, as
 * while the script itself loads, so their first render is their content
 * (decision 0303). A later element in another language waits in its own box.
 * Each is defined once, with r2wc and our layer on it (guest-element.ts).
 */
export function defineLoanElements(): void {
  const defaults = readScriptDefaults();
  scriptDefaults = defaults;
  setCatalogBase(defaults.scriptUrl ?? `${defaults.apiBase}/widget/v1/`);
  const names = ELEMENTS.map(([name]) => name);
  const locales = new Set([resolveLocale(undefined)]);
  for (const element of document.querySelectorAll(names.join())) {
    locales.add(resolveLocale(element.getAttribute("lang") ?? undefined));
  }
  Promise.all([...locales].map(loadCatalog)).then(() => {
    for (const [name, component] of ELEMENTS) defineGuestElement(name, component, PROP_TYPES);
  });
}
