import { ODDS_BANDS } from "../domain/approval-odds";
import { escapeHtml } from "../helpers/html";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../locale";
import {
  type BuilderContext,
  type BuilderProblem,
  checkWidgetForm,
  customProperties,
  elementAttributes,
  readWidgetForm,
  WIDGET_COLOURS,
  WIDGET_FIELDS,
  WIDGET_RADIUS,
  type WidgetElementName,
  type WidgetField,
  type WidgetSettings,
} from "./portal/widget";

/**
 * The widget in an iframe (issue 35, decisions 0432–0434), for hosts that
 * strip `<script>`: `/embed/?element=…&partner=…&lang=…` with the widget
 * form's own query names (the element, its attributes amount, period, sub1–
 * sub5, and the colours and radius the builder sets), so the builder makes
 * both codes from one set of settings. Pure: the server's page and the
 * portal's builder script make the same address.
 */
export const EMBED_PATH = "/embed/";

/** What the iframe takes beside `partner`: the widget form's fields but how the snippet names the partner. */
export const EMBED_FIELDS = WIDGET_FIELDS.filter(
  (field): field is Exclude<WidgetField, "partner_as"> => field !== "partner_as",
);
export type EmbedField = (typeof EMBED_FIELDS)[number];

/**
 * The iframe's height in CSS pixels, fixed per element (decision 0433): the
 * element's first screen on a 360 px wide column in its tallest language
 * (Tamil); anything longer (the offers, the widget's later steps) scrolls
 * inside the frame.
 */
export const EMBED_HEIGHTS: Record<WidgetElementName, number> = {
  "loan-widget": 820,
  "loan-calculator": 780,
  "loan-eligibility": 600,
  "loan-offers": 720,
};

/** Why an iframe's address cannot show the widget; `partner` when it names no partner of ours. */
export type EmbedProblem = BuilderProblem | "partner";

export interface EmbedQuery {
  /** The page's language: `lang` when it is one, else Sinhala (also for the page that refuses). */
  locale: Locale;
  settings: WidgetSettings;
  /** The partner id as given (checked against storage by the server), empty when missing. */
  partner: string;
  /** `income_band`: the element's `income-band` (0–3, decision 0449), when given. */
  incomeBand?: number | undefined;
  problems: Partial<Record<EmbedField | "partner" | "income_band", EmbedProblem>>;
}

/** The query of /embed/ checked as the builder checks its form; the server looks the partner up. */
export function readEmbedQuery(query: Record<string, unknown>): EmbedQuery {
  const { partner_as: _ignored, ...given } = query;
  const { settings, problems } = checkWidgetForm(
    readWidgetForm(given, { lang: DEFAULT_LOCALE, partnerAs: "id" }),
  );
  const { partner_as: _never, ...rest } = problems;
  const locale = isLocale(settings.lang) && !problems.lang ? settings.lang : DEFAULT_LOCALE;
  const partner = typeof query.partner === "string" ? query.partner : "";
  const all: EmbedQuery["problems"] = { ...rest };
  // A publishable key belongs in the script (its sites are checked); the frame is on our origin.
  if (!partner || partner.startsWith("pk_")) all.partner = "partner";
  // Not a builder field: the host page's own knowledge of its visitor, passed through (0449).
  const band = Array.isArray(query.income_band) ? query.income_band[0] : query.income_band;
  const incomeBand = band === undefined || band === "" ? undefined : Number(band);
  if (
    incomeBand !== undefined &&
    !(
      Number.isInteger(incomeBand) &&
      incomeBand >= 0 &&
      incomeBand <= ODDS_BANDS.monthlyIncome.length
    )
  ) {
    all.income_band = "choice";
  }
  return { locale, settings, partner, incomeBand, problems: all };
}

/** The iframe's address for these settings: the element, `partner` (the id), its attributes, changed looks. */
export function embedUrl(settings: WidgetSettings, context: BuilderContext): string {
  const query = new URLSearchParams({ element: settings.element, partner: context.partnerId });
  for (const [name, value] of elementAttributes(settings)) query.set(name, value);
  const changed = new Map(customProperties(settings));
  for (const colour of WIDGET_COLOURS) {
    if (changed.has(colour.property)) query.set(colour.field, settings.colours[colour.field]);
  }
  if (changed.has(WIDGET_RADIUS.property)) query.set("radius", String(settings.radius));
  return `${context.origin}${EMBED_PATH}?${query}`;
}

/**
 * The second form of the code (decision 0432): an iframe of /embed/, as
 * wide as the column it is in, of the element's fixed height, titled in
 * the widget's language (a screen reader names the frame by it).
 */
export function iframeSnippet(
  settings: WidgetSettings,
  context: BuilderContext,
  title: string,
): string {
  return `<iframe src="${escapeHtml(embedUrl(settings, context))}" title="${escapeHtml(title)}" width="100%" height="${EMBED_HEIGHTS[settings.element]}" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

/** What the server hands site/embed/render.ts: the widget for a partner, or why not. */
export type EmbedView =
  | {
      kind: "widget";
      locale: Locale;
      settings: WidgetSettings;
      partnerId: string;
      /** The element's `income-band`, when the address gave one. */
      incomeBand?: number | undefined;
      /** The widget's script on our origin (/widget/v1/loan-widget.js). */
      scriptPath: string;
    }
  | { kind: "refused"; locale: Locale; problems: EmbedQuery["problems"] };
