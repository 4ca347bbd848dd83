import { ATTRIBUTION_VALUE_PATTERN, looksPersonal, PARTNER_CODES } from "../../domain/application";
import {
  LOAN_AMOUNT_LK,
  LOAN_TERM_GRID,
  LOAN_TERM_LK,
  parseLoanAmount,
} from "../../domain/product";
import { escapeHtml } from "../../helpers/html";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../locale";
import type { PortalSignedIn } from "../partner-portal";

/**
 * The partner portal's widget and link builder (issue 18, decisions 0230–0233):
 * what a partner types, checked, and what it makes: the widget's snippet
 * (the pinned script with its SRI hash, then the element with the partner's
 * attributes and --loan-* properties) and a tracking link to our site.
 * Pure, so the server's page (no script) and the page's builder script
 * (site/portal/widget-builder.ts, live) make exactly the same text.
 */

/** The widget's elements (widget/elements.tsx), the whole widget first. */
export const WIDGET_ELEMENTS = [
  "loan-widget",
  "loan-calculator",
  "loan-eligibility",
  "loan-offers",
] as const;
export type WidgetElementName = (typeof WIDGET_ELEMENTS)[number];

/** The colours a partner may set: the form's field, its --loan-* property, the widget's default. */
export const WIDGET_COLOURS = [
  { field: "accent", property: "--loan-color-accent", initial: "#0b6e4f" },
  { field: "on_accent", property: "--loan-color-on-accent", initial: "#ffffff" },
  { field: "text", property: "--loan-color-text", initial: "#1b2733" },
  { field: "surface", property: "--loan-color-surface", initial: "#ffffff" },
] as const;
export type WidgetColourField = (typeof WIDGET_COLOURS)[number]["field"];

/** Corner radius in whole pixels (`--loan-radius`), the widget's default 12. */
export const WIDGET_RADIUS = { property: "--loan-radius", min: 0, max: 32, initial: 12 } as const;

/** The sub ids the widget takes as attributes (widget/apply-link.ts ATTRIBUTION_KEYS). */
export const WIDGET_SUBS = ["sub1", "sub2", "sub3", "sub4", "sub5"] as const;

/** What the snippet's `partner` holds: the publishable key, or the partner id (decision 0231). */
export const PARTNER_AS = ["key", "id"] as const;
export type PartnerAs = (typeof PARTNER_AS)[number];

/** The query of a link to our site: a partner's sub ids and campaign codes. */
export const LINK_VALUES = PARTNER_CODES;
export type LinkValue = (typeof LINK_VALUES)[number];

/** Where a tracking link goes: our home page or the application form. */
export const LINK_TARGETS = ["home", "application"] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];
const TARGET_PATHS: Record<LinkTarget, string> = { home: "/", application: "/application/" };

/** The widget form's fields (the query names of its GET form). */
export const WIDGET_FIELDS = [
  "element",
  "lang",
  "amount",
  "period",
  ...WIDGET_COLOURS.map((colour) => colour.field),
  "radius",
  ...WIDGET_SUBS,
  "partner_as",
] as const;
export type WidgetField = (typeof WIDGET_FIELDS)[number];

/** The link form's fields: each prefixed, so that both forms fit in one address. */
export const LINK_FIELDS = [
  "link_to",
  "link_lang",
  ...LINK_VALUES.map((name) => `link_${name}` as const),
] as const;
export type LinkField = (typeof LINK_FIELDS)[number];

export type WidgetForm = Record<WidgetField, string>;
export type LinkForm = Record<LinkField, string>;

/**
 * Why a field cannot be used: `choice` (not one of the options: only a
 * hand-made address), the amount's three, `colour`, `radius`, `code` (a sub
 * id or campaign value with other characters or too long) and `personal`
 * (it reads as an e-mail, a phone or an NIC number).
 */
export type BuilderProblem =
  | "choice"
  | "notNumber"
  | "tooSmall"
  | "tooLarge"
  | "colour"
  | "radius"
  | "code"
  | "personal";

/** Colour pairs that read badly together (WCAG's 4.5:1 for text): a warning, not a refusal. */
export type ContrastWarning = "text" | "accent" | "button";

/** A widget's settings, every value checked (defaults where a field was wrong). */
export interface WidgetSettings {
  element: WidgetElementName;
  lang: Locale;
  amount: number;
  period: number;
  colours: Record<WidgetColourField, string>;
  radius: number;
  subs: Partial<Record<(typeof WIDGET_SUBS)[number], string>>;
  partnerAs: PartnerAs;
}

export interface LinkSettings {
  to: LinkTarget;
  lang: Locale;
  values: Partial<Record<LinkValue, string>>;
}

/** Who the snippet and the link are for, and where the widget's pinned script is. */
export interface BuilderContext {
  /** Our public origin, e.g. https://nayacompare.lk. */
  origin: string;
  partnerId: string;
  publishableKey: string;
  /** The pinned script's path under our origin (/widget/v1/loan-widget-0.1.0-1a2b3c4d.js). */
  scriptPath: string;
  /** Its SRI hash (sha384-…); null without a build's manifest (the latest script, unpinned). */
  integrity: string | null;
}

/** The portal's widget page (issue 18): what the server gives site/portal/pages/widget/Widget.tsx. */
export interface WidgetView extends PortalSignedIn {
  page: "widget";
  context: BuilderContext;
  /** The partner's registered origins: where a snippet with the publishable key works. */
  origins: string[];
  widget: WidgetForm;
  widgetProblems: Partial<Record<WidgetField, BuilderProblem>>;
  link: LinkForm;
  linkProblems: Partial<Record<LinkField, BuilderProblem>>;
  /** The page's builder script, when the build has one. */
  builderScript: string | null;
  /** The partner made a link (a value other than the defaults): its folded part shows open. */
  linkOpen?: boolean;
}

const MAX_TYPED = 200;
const COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const typed = (value: unknown) =>
  (typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "")
    .slice(0, MAX_TYPED)
    .trim();

/** The widget form as typed (a GET form's query, or the page's form data), with its defaults. */
export function readWidgetForm(
  query: Record<string, unknown>,
  defaults: { lang: Locale; partnerAs: PartnerAs },
): WidgetForm {
  const initial: WidgetForm = {
    element: WIDGET_ELEMENTS[0],
    lang: defaults.lang,
    amount: String(LOAN_AMOUNT_LK.default),
    period: String(LOAN_TERM_LK.default),
    ...(Object.fromEntries(
      WIDGET_COLOURS.map((colour) => [colour.field, colour.initial]),
    ) as Record<WidgetColourField, string>),
    radius: String(WIDGET_RADIUS.initial),
    sub1: "",
    sub2: "",
    sub3: "",
    sub4: "",
    sub5: "",
    partner_as: defaults.partnerAs,
  };
  for (const field of WIDGET_FIELDS) {
    if (query[field] !== undefined) initial[field] = typed(query[field]);
  }
  return initial;
}

/** The link form as typed, with its defaults (our home page, in the portal's language). */
export function readLinkForm(query: Record<string, unknown>, lang: Locale): LinkForm {
  const form = Object.fromEntries(LINK_FIELDS.map((field) => [field, ""])) as LinkForm;
  form.link_to = "home";
  form.link_lang = lang;
  for (const field of LINK_FIELDS) {
    if (query[field] !== undefined) form[field] = typed(query[field]);
  }
  return form;
}

/** A sub id or campaign value as the site takes it (core/domain/application.ts): a code, not personal data. */
function codeProblem(value: string): BuilderProblem | undefined {
  if (value === "") return undefined;
  if (looksPersonal(value)) return "personal";
  return ATTRIBUTION_VALUE_PATTERN.test(value) ? undefined : "code";
}

/** #abc or #aabbcc (the # may be left out), as #aabbcc in lower case; undefined if not a colour. */
export function hexColour(text: string): string | undefined {
  const digits = COLOUR.exec(text)?.[1]?.toLowerCase();
  if (!digits) return undefined;
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits}`;
}

const oneOf = <T extends string>(options: readonly T[], value: string): T | undefined =>
  options.find((option) => option === value);

/** The widget form checked: settings (defaults in place of wrong fields) and the problems. */
export function checkWidgetForm(form: WidgetForm): {
  settings: WidgetSettings;
  problems: Partial<Record<WidgetField, BuilderProblem>>;
} {
  const problems: Partial<Record<WidgetField, BuilderProblem>> = {};
  const element = oneOf(WIDGET_ELEMENTS, form.element);
  if (!element) problems.element = "choice";
  const lang = isLocale(form.lang) ? form.lang : undefined;
  if (!lang) problems.lang = "choice";
  const amount = parseLoanAmount(form.amount);
  if (typeof amount === "string") problems.amount = amount;
  const period = LOAN_TERM_GRID.find((term) => String(term) === form.period);
  if (period === undefined) problems.period = "choice";
  const colours = {} as Record<WidgetColourField, string>;
  for (const colour of WIDGET_COLOURS) {
    const value = hexColour(form[colour.field]);
    if (!value) problems[colour.field] = "colour";
    colours[colour.field] = value ?? colour.initial;
  }
  const radius = /^\d{1,2}$/.test(form.radius) ? Number(form.radius) : Number.NaN;
  const radiusOk = radius >= WIDGET_RADIUS.min && radius <= WIDGET_RADIUS.max;
  if (!radiusOk) problems.radius = "radius";
  const subs: WidgetSettings["subs"] = {};
  for (const sub of WIDGET_SUBS) {
    const problem = codeProblem(form[sub]);
    if (problem) problems[sub] = problem;
    else if (form[sub]) subs[sub] = form[sub];
  }
  const partnerAs = oneOf(PARTNER_AS, form.partner_as);
  if (!partnerAs) problems.partner_as = "choice";
  return {
    settings: {
      element: element ?? WIDGET_ELEMENTS[0],
      lang: lang ?? DEFAULT_LOCALE,
      amount: typeof amount === "number" ? amount : LOAN_AMOUNT_LK.default,
      period: period ?? LOAN_TERM_LK.default,
      colours,
      radius: radiusOk ? radius : WIDGET_RADIUS.initial,
      subs,
      partnerAs: partnerAs ?? "id",
    },
    problems,
  };
}

export function checkLinkForm(form: LinkForm): {
  settings: LinkSettings;
  problems: Partial<Record<LinkField, BuilderProblem>>;
} {
  const problems: Partial<Record<LinkField, BuilderProblem>> = {};
  const to = oneOf(LINK_TARGETS, form.link_to);
  if (!to) problems.link_to = "choice";
  const lang = isLocale(form.link_lang) ? form.link_lang : undefined;
  if (!lang) problems.link_lang = "choice";
  const values: LinkSettings["values"] = {};
  for (const name of LINK_VALUES) {
    const value = form[`link_${name}`];
    const problem = codeProblem(value);
    if (problem) problems[`link_${name}`] = problem;
    else if (value) values[name] = value;
  }
  return { settings: { to: to ?? "home", lang: lang ?? DEFAULT_LOCALE, values }, problems };
}

/** The WCAG contrast ratio of two #aabbcc colours (1 to 21). */
export function contrastRatio(one: string, other: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The colour pairs of these settings that fall under 4.5:1. */
export function contrastWarnings(settings: WidgetSettings): ContrastWarning[] {
  const { accent, on_accent, text, surface } = settings.colours;
  const pairs: [ContrastWarning, string, string][] = [
    ["text", text, surface],
    ["accent", accent, surface],
    ["button", on_accent, accent],
  ];
  return pairs.filter(([, one, other]) => contrastRatio(one, other) < 4.5).map(([name]) => name);
}

/** The --loan-* properties that differ from the widget's own, in the widget's order. */
export function customProperties(settings: WidgetSettings): [string, string][] {
  const changed: [string, string][] = WIDGET_COLOURS.filter(
    (colour) => settings.colours[colour.field] !== colour.initial,
  ).map((colour) => [colour.property, settings.colours[colour.field]]);
  if (settings.radius !== WIDGET_RADIUS.initial) {
    changed.push([WIDGET_RADIUS.property, `${settings.radius}px`]);
  }
  return changed;
}

/** The element's attributes but `partner` (the preview goes without it: decision 0232). */
export function elementAttributes(settings: WidgetSettings): [string, string][] {
  return [
    ["lang", settings.lang],
    ["amount", String(settings.amount)],
    ["period", String(settings.period)],
    ...WIDGET_SUBS.flatMap((sub): [string, string][] => {
      const value = settings.subs[sub];
      return value ? [[sub, value]] : [];
    }),
  ];
}

/** The pinned script's full address. */
export const scriptUrl = (context: BuilderContext) => `${context.origin}${context.scriptPath}`;

/**
 * What the partner pastes: the pinned script with its SRI hash (crossorigin
 * "anonymous", as SRI needs for another origin's script), then the element
 * with `partner`, its attributes and, when any differ from the widget's own,
 * its --loan-* properties in a style attribute.
 */
export function widgetSnippet(settings: WidgetSettings, context: BuilderContext): string {
  const attribute = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;
  const integrity = context.integrity
    ? `${attribute("integrity", context.integrity)} crossorigin="anonymous"`
    : "";
  const partner = settings.partnerAs === "key" ? context.publishableKey : context.partnerId;
  const style = customProperties(settings)
    .map(([property, value]) => `${property}: ${value}`)
    .join("; ");
  const attributes = [["partner", partner], ...elementAttributes(settings)]
    .map(([name, value]) => attribute(name ?? "", value ?? ""))
    .join("");
  return [
    `<script src="${escapeHtml(scriptUrl(context))}"${integrity} defer></script>`,
    `<${settings.element}${attributes}${style ? attribute("style", style) : ""}></${settings.element}>`,
  ].join("\n");
}

/**
 * A link to our site (decision 0233): the page in its language with
 * `partner` (the partner id: our own pages need no key) and the values
 * given, in the order of LINK_VALUES. The site keeps them (core/domain/marketing.ts)
 * and an application made in the visit carries them.
 */
export function trackingLink(settings: LinkSettings, context: BuilderContext): string {
  const query = new URLSearchParams({ partner: context.partnerId });
  for (const name of LINK_VALUES) {
    const value = settings.values[name];
    if (value) query.set(name, value);
  }
  return `${context.origin}${localizePath(settings.lang, TARGET_PATHS[settings.to])}?${query}`;
}

/** True when a form has a field to correct. */
export function hasProblems(problems: Partial<Record<string, BuilderProblem>>): boolean {
  return Object.keys(problems).length > 0;
}

/** The preview's box and the colour swatches of the page, as one stylesheet (its hash goes in the page's CSP). */
export function previewStyle(settings: WidgetSettings): string {
  const properties = WIDGET_COLOURS.map(
    (colour) => `${colour.property}:${settings.colours[colour.field]}`,
  );
  properties.push(`${WIDGET_RADIUS.property}:${settings.radius}px`);
  const swatches = WIDGET_COLOURS.map(
    (colour) =>
      `#${builderFieldId(colour.field)}-swatch{background:${settings.colours[colour.field]}}`,
  );
  return `#widget-preview{${properties.join(";")}}${swatches.join("")}`;
}

/** The id of a builder field and of its error (`wb-amount`, `wb-amount-error`), on the page and in its script. */
export const builderFieldId = (field: string) => `wb-${field}`;
