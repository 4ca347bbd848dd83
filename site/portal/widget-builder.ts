/**
 * The portal's widget and link builder, live (issue 18, decision 0230): as
 * the partner changes a field, the preview (our widget itself, loaded by the
 * page), the snippet and the link follow, with each field's problem, by the
 * same functions the server's page uses (core/views/portal/widget.ts, the
 * iframe code core/views/embed.ts). The Copy
 * buttons copy and say so in their status. Without this script the forms'
 * buttons do the same with a page load. No library; built alone
 * (rollup.config.mjs) and served under the widget page's CSP only.
 */
import { DEFAULT_LOCALE, isLocale } from "../../core/locale";
import { iframeSnippet } from "../../core/views/embed";
import {
  type BuilderContext,
  type BuilderProblem,
  builderFieldId,
  checkLinkForm,
  checkWidgetForm,
  contrastWarnings,
  elementAttributes,
  hasProblems,
  LINK_FIELDS,
  readLinkForm,
  readWidgetForm,
  trackingLink,
  WIDGET_COLOURS,
  WIDGET_FIELDS,
  WIDGET_RADIUS,
  WIDGET_SUBS,
  type WidgetSettings,
  widgetSnippet,
} from "../../core/views/portal/widget";
import { embedMessagesFor } from "../embed/embed-messages";
import { widgetMessagesFor } from "./pages/widget/widget-messages";

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
const t = widgetMessagesFor(locale);

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

/** A form's own fields as text (the other form's kept values are not read from it). */
function valuesOf(form: HTMLFormElement, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (fields.includes(name) && typeof value === "string") values[name] = value;
  }
  return values;
}

/** Each field's problem under its label, and its input marked invalid (or not). */
function showProblems(
  fields: readonly string[],
  problems: Partial<Record<string, BuilderProblem>>,
) {
  for (const field of fields) {
    const id = builderFieldId(field);
    const problem = problems[field];
    const error = byId(`${id}-error`);
    if (error) {
      error.textContent = problem ? t.problems[problem] : "";
      error.hidden = !problem;
    }
    const input = byId(id);
    if (!input) continue;
    if (problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    const hint = byId(`${id}-hint`) ? `${id}-hint` : "";
    const described = [hint, problem ? `${id}-error` : ""].filter(Boolean).join(" ");
    if (described) input.setAttribute("aria-describedby", described);
    else input.removeAttribute("aria-describedby");
  }
}

/** The result's box and its "correct the fields" note: one shows, the other hides. */
function showResult(name: "snippet" | "iframe" | "link", text: string | undefined) {
  const box = byId(`wb-${name}-box`);
  const blocked = byId(`wb-${name}-blocked`);
  const output = byId<HTMLTextAreaElement>(`wb-${name}`);
  const status = byId(`wb-${name}-status`);
  if (!box || !blocked || !output) return;
  box.hidden = text === undefined;
  blocked.hidden = text !== undefined;
  if (text !== undefined && output.value !== text) {
    output.value = text;
    if (status) status.textContent = "";
  }
}

/** The preview: the element of the settings (a new one when it changed), its attributes and colours. */
function showPreview(settings: WidgetSettings) {
  const box = byId("widget-preview");
  if (!box) return;
  let element = box.firstElementChild;
  if (element?.localName !== settings.element) {
    element = document.createElement(settings.element);
    box.replaceChildren(element);
  }
  for (const sub of WIDGET_SUBS) element.removeAttribute(sub);
  for (const [name, value] of elementAttributes(settings)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  for (const colour of WIDGET_COLOURS) {
    const value = settings.colours[colour.field];
    box.style.setProperty(colour.property, value);
    const swatch = byId(`${builderFieldId(colour.field)}-swatch`);
    if (swatch) swatch.style.background = value;
  }
  box.style.setProperty(WIDGET_RADIUS.property, `${settings.radius}px`);
  const warnings = byId("wb-warnings");
  warnings?.replaceChildren(
    ...contrastWarnings(settings).map((warning) => {
      const note = document.createElement("p");
      note.className = "alert";
      note.textContent = t.contrast[warning];
      return note;
    }),
  );
}

function start() {
  const widgetForm = byId<HTMLFormElement>("widget-form");
  const linkForm = byId<HTMLFormElement>("link-form");
  if (!widgetForm || !linkForm) return;
  const data = widgetForm.dataset;
  const context: BuilderContext = {
    origin: data.origin ?? "",
    partnerId: data.partnerId ?? "",
    publishableKey: data.key ?? "",
    scriptPath: data.script ?? "",
    integrity: data.integrity || null,
  };

  const update = () => {
    const widgetValues = valuesOf(widgetForm, WIDGET_FIELDS);
    const linkValues = valuesOf(linkForm, LINK_FIELDS);
    const widget = checkWidgetForm(readWidgetForm(widgetValues, { lang: locale, partnerAs: "id" }));
    const link = checkLinkForm(readLinkForm(linkValues, locale));
    showProblems(WIDGET_FIELDS, widget.problems);
    showProblems(LINK_FIELDS, link.problems);
    if (!hasProblems(widget.problems)) byId("wb-widget-alert")?.setAttribute("hidden", "");
    if (!hasProblems(link.problems)) byId("wb-link-alert")?.setAttribute("hidden", "");
    showPreview(widget.settings);
    const widgetOk = !hasProblems(widget.problems);
    showResult("snippet", widgetOk ? widgetSnippet(widget.settings, context) : undefined);
    const title = embedMessagesFor(widget.settings.lang).titles[widget.settings.element];
    showResult("iframe", widgetOk ? iframeSnippet(widget.settings, context, title) : undefined);
    showResult(
      "link",
      hasProblems(link.problems) ? undefined : trackingLink(link.settings, context),
    );
    // The address keeps what the forms say, so that a reload shows it again; never a value
    // that reads as personal data (a phone typed as a sub id).
    const personal = (problems: Partial<Record<string, BuilderProblem>>) => (name: string) =>
      problems[name] !== "personal";
    const query = new URLSearchParams([
      ...Object.entries(widgetValues).filter(([name]) => personal(widget.problems)(name)),
      ...Object.entries(linkValues).filter(([name]) => personal(link.problems)(name)),
    ]);
    history.replaceState(history.state, "", `?${query}`);
  };

  /** A form sent anyway (Enter in a field) takes the other form's values as they are now. */
  const keepOther = (form: HTMLFormElement, other: HTMLFormElement, fields: readonly string[]) => {
    form.addEventListener("submit", () => {
      for (const hidden of form.querySelectorAll<HTMLInputElement>("input[type=hidden]")) {
        hidden.remove();
      }
      for (const [name, value] of Object.entries(valuesOf(other, fields))) {
        const hidden = document.createElement("input");
        hidden.type = "hidden";
        hidden.name = name;
        hidden.value = value;
        form.append(hidden);
      }
    });
  };
  keepOther(widgetForm, linkForm, LINK_FIELDS);
  keepOther(linkForm, widgetForm, WIDGET_FIELDS);

  for (const form of [widgetForm, linkForm]) {
    form.addEventListener("input", update);
    form.addEventListener("change", update);
  }

  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
    const target = byId<HTMLTextAreaElement>(button.dataset.copy ?? "");
    const status = byId(`${button.dataset.copy}-status`);
    if (!target || !status) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      let copied = false;
      try {
        await navigator.clipboard.writeText(target.value);
        copied = true;
      } catch {
        target.focus();
        target.select();
        copied = document.execCommand("copy");
      }
      // Emptied first, so that a second copy is announced again.
      status.textContent = "";
      requestAnimationFrame(() => {
        status.textContent = copied ? t.copied : t.copyFailed;
      });
    });
  }
}

start();
