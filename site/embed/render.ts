import { escapeHtml } from "../../core/helpers/html";
import { LOCALES } from "../../core/locale";
import type { EmbedProblem, EmbedView } from "../../core/views/embed";
import { elementAttributes, previewStyle } from "../../core/views/portal/widget";
import { embedMessagesFor } from "./embed-messages";

/**
 * /embed/ as a whole document (issue 35, decision 0432): the widget's element
 * with the partner's id and attributes in a box of the partner's colours
 * (the builder's preview stylesheet, the same text), and our widget's script;
 * links open in a new tab so the host's page stays (0434). Or the page that
 * names what is wrong with the address. One <style>, allowed by its hash.
 */
const BASE_CSS =
  "html,body{margin:0;background:transparent}body{font-family:system-ui,sans-serif;padding:4px}" +
  ".refused{color:#1b2733;background:#fff;border:1px solid #c0392b;border-radius:8px;padding:12px}" +
  ".refused h1{font-size:1.1rem;margin:0 0 8px}";

export interface EmbedDocument {
  status: number;
  html: string;
  /** The text of the page's one <style>: the server's CSP allows it by its hash. */
  style: string;
}

const attribute = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

export function renderEmbedDocument(view: EmbedView): EmbedDocument {
  const t = embedMessagesFor(view.locale);
  const { locale } = view;
  const head = (title: string, style: string) =>
    `<!doctype html><html lang="${locale}" dir="${LOCALES[locale].dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<base target="_blank"><title>${escapeHtml(title)}</title><style>${style}</style></head>`;
  if (view.kind === "refused") {
    const lines = Object.entries(view.problems).map(([field, problem]) =>
      problem === "partner"
        ? t.problems.partner
        : t.expected(field, t.problems[problem as EmbedProblem]),
    );
    const html =
      `${head(t.refusedTitle, BASE_CSS)}<body><main class="refused"><h1>${escapeHtml(t.refusedTitle)}</h1>` +
      `<p>${escapeHtml(t.refusedIntro)}</p><p>${escapeHtml(t.fields)}</p><ul>` +
      lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("") +
      "</ul></main></body></html>";
    return {
      status: view.problems.partner && lines.length === 1 ? 404 : 400,
      html,
      style: BASE_CSS,
    };
  }
  const { settings } = view;
  const style = `${BASE_CSS}${previewStyle(settings)}`;
  const band = view.incomeBand === undefined ? [] : [["income-band", String(view.incomeBand)]];
  const attributes = [["partner", view.partnerId], ...elementAttributes(settings), ...band]
    .map(([name, value]) => attribute(name ?? "", value ?? ""))
    .join("");
  const html =
    `${head(t.titles[settings.element], style)}<body><div id="widget-preview">` +
    `<${settings.element}${attributes}></${settings.element}></div>` +
    `<script src="${escapeHtml(view.scriptPath)}" defer></script></body></html>`;
  return { status: 200, html, style };
}
