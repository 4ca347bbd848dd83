import { createElement } from "react";
import { isInstalmentTerm, LOAN_TERM_GRID, termMonths } from "../../../../core/domain/product";
import { ALL_LOCALES, type Locale } from "../../../../core/locale";
import { iframeSnippet } from "../../../../core/views/embed";
import { PORTAL_SECTION_PATHS } from "../../../../core/views/partner-portal";
import {
  type BuilderProblem,
  builderFieldId,
  checkLinkForm,
  checkWidgetForm,
  contrastWarnings,
  elementAttributes,
  hasProblems,
  LINK_FIELDS,
  LINK_TARGETS,
  LINK_VALUES,
  type LinkField,
  PARTNER_AS,
  previewStyle,
  scriptUrl,
  trackingLink,
  WIDGET_COLOURS,
  WIDGET_ELEMENTS,
  WIDGET_FIELDS,
  WIDGET_SUBS,
  type WidgetField,
  type WidgetView,
  widgetSnippet,
} from "../../../../core/views/portal/widget";
import { embedMessagesFor } from "../../../embed/embed-messages";
import { type WidgetMessages, widgetMessagesFor } from "./widget-messages";

type Field = WidgetField | LinkField;
type Problems = Partial<Record<Field, BuilderProblem>>;

const fieldId = builderFieldId;

function FieldError({
  field,
  problem,
  t,
}: {
  field: Field;
  problem?: BuilderProblem | undefined;
  t: WidgetMessages;
}) {
  return (
    <span className="field-error" id={`${fieldId(field)}-error`} hidden={!problem}>
      {problem ? t.problems[problem] : ""}
    </span>
  );
}

const describedBy = (field: Field, problem: BuilderProblem | undefined, hint?: string) =>
  [hint, problem ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(" ") || undefined;

interface FieldProps {
  field: Field;
  value: string;
  problem: BuilderProblem | undefined;
  t: WidgetMessages;
}

function TextField(
  props: FieldProps & {
    label: string;
    hint?: string | undefined;
    inputMode?: "numeric" | "text" | undefined;
    swatch?: boolean | undefined;
  },
) {
  const { field, label, value, problem, t, hint, inputMode, swatch } = props;
  const hintId = hint ? `${fieldId(field)}-hint` : undefined;
  return (
    <div className="wb-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <FieldError field={field} problem={problem} t={t} />
      <span className={swatch ? "wb-colour" : undefined}>
        <input
          id={fieldId(field)}
          name={field}
          type="text"
          defaultValue={value}
          maxLength={100}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(field, problem, hintId)}
        />
        {swatch ? (
          <span className="wb-swatch" id={`${fieldId(field)}-swatch`} aria-hidden="true" />
        ) : null}
      </span>
    </div>
  );
}

function Choices<Value extends string>(
  props: FieldProps & { legend: string; options: readonly Value[]; labels: Record<Value, string> },
) {
  const { field, legend, options, labels, value, problem, t } = props;
  return (
    <fieldset aria-describedby={describedBy(field, problem)}>
      <legend>{legend}</legend>
      <FieldError field={field} problem={problem} t={t} />
      {options.map((option) => (
        <label className="choice" key={option}>
          <input type="radio" name={field} value={option} defaultChecked={option === value} />
          <span>{labels[option]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The builder's fields, each bound to its value and problem in both forms by its name:
 * a field is its name and its words.
 */
function builderFields(values: Record<Field, string>, problems: Problems, t: WidgetMessages) {
  const bound = (field: Field): FieldProps => ({
    field,
    value: values[field],
    problem: problems[field],
    t,
  });
  const text = (
    field: Field,
    label: string,
    more: { hint?: string; inputMode?: "numeric"; swatch?: boolean } = {},
  ) => <TextField key={field} {...bound(field)} label={label} {...more} />;
  return {
    text,
    choices: <Value extends string>(
      field: Field,
      legend: string,
      options: readonly Value[],
      labels: Record<Value, string>,
    ) => <Choices {...bound(field)} legend={legend} options={options} labels={labels} />,
    /** Sub ids and campaign codes: a grid of short fields labelled by their names. */
    codes: (legend: string, names: readonly string[], prefix: "" | "link_" = "") => (
      <fieldset>
        <legend>{legend}</legend>
        <span className="hint">{t.subsHint}</span>
        <div className="wb-grid wb-codes">
          {names.map((name) => text(`${prefix}${name}` as Field, name))}
        </div>
      </fieldset>
    ),
  };
}

/** The other form's values, kept through this form's submission (both forms are GET). */
function Kept({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

/** Copy button (shown by the builder script) and where its result is announced. */
function CopyButton({ target, t }: { target: string; t: WidgetMessages }) {
  return (
    <p className="wb-copy">
      <button type="button" className="secondary" data-copy={target} hidden>
        {t.copy}
      </button>
      <span role="status" aria-live="polite" id={`${target}-status`} />
    </p>
  );
}

/** The widget form's fields under "Advanced" (decision 0435). */
const ADVANCED: readonly Field[] = [
  ...WIDGET_COLOURS.map((colour) => colour.field),
  "radius",
  ...WIDGET_SUBS,
  "partner_as",
];

/**
 * WordPress 6.1's editor with our code and the post it published (decision 0468): the
 * build serves docs/screens/embed/ at this path; each picture links to itself at full size.
 */
const WORDPRESS_SCREENS = [
  { shows: "inserter", file: "wordpress-1-custom-html.png", width: 1280, height: 800 },
  { shows: "pasted", file: "wordpress-2-code-pasted.png", width: 1280, height: 800 },
  { shows: "published", file: "wordpress-3-published-phone.png", width: 360, height: 640 },
] as const;
const WORDPRESS_SCREENS_PATH = "/screens/embed/";

function WordPressScreens({ t }: { t: WidgetMessages }) {
  return (
    <>
      <ul className="wb-screens">
        {WORDPRESS_SCREENS.map(({ shows, file, width, height }) => (
          <li key={file} className={height > width ? "wb-screen-phone" : undefined}>
            <a href={`${WORDPRESS_SCREENS_PATH}${file}`}>
              <img
                src={`${WORDPRESS_SCREENS_PATH}${file}`}
                alt={t.wordpressScreens[shows]}
                width={width}
                height={height}
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
      <p className="hint">{t.wordpressScreensNote}</p>
    </>
  );
}

/**
 * A code to copy: a read-only textarea (selectable without script) and its Copy button;
 * `wb-<name>-box` hidden while the form has a field to correct.
 */
function CodeBox(props: {
  name: "snippet" | "iframe" | "link";
  label: string;
  hint?: string;
  rows: number;
  value: string;
  shown: boolean;
  t: WidgetMessages;
}) {
  const { name, label, hint, rows, value, shown, t } = props;
  const id = `wb-${name}`;
  return (
    <div id={`${id}-box`} hidden={!shown}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <textarea
        id={id}
        readOnly
        rows={rows}
        aria-describedby={hint ? `${id}-hint` : undefined}
        defaultValue={value}
      />
      <CopyButton target={id} t={t} />
    </div>
  );
}

/** The partner portal's widget and link builder (issue 18, decisions 0230–0233). */
export function WidgetPage({
  view,
  locale,
  base,
}: {
  view: WidgetView;
  locale: Locale;
  base: string;
}) {
  const t = widgetMessagesFor(locale);
  const { context, widget, link } = view;
  const problems: Problems = { ...view.widgetProblems, ...view.linkProblems };
  const fields = builderFields({ ...widget, ...link }, problems, t);
  const { settings } = checkWidgetForm(widget);
  const linkSettings = checkLinkForm(link).settings;
  const widgetOk = !hasProblems(view.widgetProblems);
  const linkOk = !hasProblems(view.linkProblems);
  const warnings = contrastWarnings(settings);
  const periodLabel = (days: number) =>
    isInstalmentTerm(days) ? t.months(termMonths(days)) : t.days(days);
  const keysPath = `${base}${PORTAL_SECTION_PATHS.keys}`;
  const iframeTitle = embedMessagesFor(settings.lang).titles[settings.element];
  return (
    <div className="wb">
      <p>{t.intro}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: checked colours and a number, allowed by its hash */}
      <style dangerouslySetInnerHTML={{ __html: previewStyle(settings) }} />
      <div className="wb-builder">
        <div>
          <section aria-labelledby="wb-code-title">
            <h2 id="wb-code-title">{t.codeTitle}</h2>
            <p className="alert" id="wb-snippet-blocked" hidden={widgetOk}>
              {t.codeBlocked}
            </p>
            <CodeBox
              name="snippet"
              label={t.codeLabel}
              hint={t.selectHint}
              rows={4}
              value={widgetOk ? widgetSnippet(settings, context) : ""}
              shown={widgetOk}
              t={t}
            />
          </section>
          <section aria-labelledby="wb-iframe-title">
            <h2 id="wb-iframe-title">{t.iframeTitle}</h2>
            <p>{t.iframeIntro}</p>
            <p className="alert" id="wb-iframe-blocked" hidden={widgetOk}>
              {t.codeBlocked}
            </p>
            <CodeBox
              name="iframe"
              label={t.iframeLabel}
              rows={4}
              value={widgetOk ? iframeSnippet(settings, context, iframeTitle) : ""}
              shown={widgetOk}
              t={t}
            />
          </section>
          <details className="wb-hosts">
            <summary>{t.hostsTitle}</summary>
            <h3>{t.wordpress}</h3>
            <ol>
              {t.wordpressSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <WordPressScreens t={t} />
            <h3>{t.blogger}</h3>
            <ol>
              {t.bloggerSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        </div>
        <div className="wb-result">
          <section aria-labelledby="wb-preview-title">
            <h2 id="wb-preview-title">{t.previewTitle}</h2>
            <p className="hint">{t.previewNote}</p>
            <div id="wb-warnings">
              {warnings.map((warning) => (
                <p className="alert" key={warning}>
                  {t.contrast[warning]}
                </p>
              ))}
            </div>
            <div id="widget-preview" className="wb-preview">
              {createElement(
                settings.element,
                Object.fromEntries(elementAttributes(settings)),
                <p>{t.previewNeedsScript}</p>,
              )}
            </div>
          </section>
        </div>
      </div>
      <section aria-labelledby="wb-widget-title">
        <h2 id="wb-widget-title">{t.widgetTitle}</h2>
        <form
          method="get"
          id="widget-form"
          noValidate
          data-origin={context.origin}
          data-partner-id={context.partnerId}
          data-key={context.publishableKey}
          data-script={context.scriptPath}
          data-integrity={context.integrity ?? ""}
        >
          <p className="alert" role="alert" id="wb-widget-alert" hidden={widgetOk}>
            {t.checkFields}
          </p>
          {fields.choices("element", t.elementLegend, WIDGET_ELEMENTS, t.elements)}
          {fields.choices("lang", t.langLegend, ALL_LOCALES, t.languages)}
          {fields.text("amount", t.amount, { hint: t.amountHint, inputMode: "numeric" })}
          <div className="wb-field">
            <label htmlFor={fieldId("period")}>{t.period}</label>
            <FieldError field="period" problem={problems.period} t={t} />
            <select
              id={fieldId("period")}
              name="period"
              defaultValue={widget.period}
              aria-invalid={problems.period ? true : undefined}
              aria-describedby={describedBy("period", problems.period)}
            >
              {LOAN_TERM_GRID.map((days) => (
                <option key={days} value={String(days)}>
                  {periodLabel(days)}
                </option>
              ))}
            </select>
          </div>
          {/* Open when a field inside it is wrong, so that its message shows. */}
          <details className="wb-advanced" open={ADVANCED.some((field) => problems[field])}>
            <summary>{t.advanced}</summary>
            <fieldset>
              <legend>{t.looksLegend}</legend>
              <span className="hint">{t.looksHint}</span>
              <div className="wb-grid">
                {WIDGET_COLOURS.map(({ field }) =>
                  fields.text(field, t.colours[field], { swatch: true }),
                )}
                {fields.text("radius", t.radius, { inputMode: "numeric" })}
              </div>
            </fieldset>
            {fields.codes(t.subsLegend, WIDGET_SUBS)}
            {fields.choices("partner_as", t.partnerAsLegend, PARTNER_AS, t.partnerAs)}
            {view.origins.length === 0 ? (
              <p className="hint">{t.originsNone}</p>
            ) : (
              <p className="hint">
                {t.originsSome} {view.origins.join(", ")}.
              </p>
            )}
            <p className="hint">
              <a className="portal-target" href={keysPath}>
                {t.keysLink}
              </a>
            </p>
            <p className="hint">{t.codeHint}</p>
          </details>
          <Kept values={Object.fromEntries(LINK_FIELDS.map((field) => [field, link[field]]))} />
          <button type="submit">{t.showWidget}</button>
        </form>
      </section>
      <details className="wb-link" open={!linkOk || view.linkOpen}>
        <summary id="wb-link-title">{t.linkTitle}</summary>
        <p>{t.linkIntro}</p>
        <form method="get" id="link-form" noValidate>
          <p className="alert" role="alert" id="wb-link-alert" hidden={linkOk}>
            {t.checkFields}
          </p>
          {fields.choices("link_to", t.linkToLegend, LINK_TARGETS, t.linkTargets)}
          {fields.choices("link_lang", t.linkLangLegend, ALL_LOCALES, t.languages)}
          {fields.codes(t.linkValuesLegend, LINK_VALUES, "link_")}
          <Kept values={Object.fromEntries(WIDGET_FIELDS.map((field) => [field, widget[field]]))} />
          <button type="submit">{t.makeLink}</button>
        </form>
        <p className="alert" id="wb-link-blocked" hidden={linkOk}>
          {t.linkBlocked}
        </p>
        <CodeBox
          name="link"
          label={t.linkLabel}
          rows={3}
          value={linkOk ? trackingLink(linkSettings, context) : ""}
          shown={linkOk}
          t={t}
        />
      </details>
      <script
        src={scriptUrl({ ...context, origin: "" })}
        integrity={context.integrity ?? undefined}
        data-events="log"
        defer
      />
      {view.builderScript ? <script src={view.builderScript} defer /> : null}
    </div>
  );
}
