/**
 * Page-wide defaults from the script tag, read once when the bundle runs:
 *   <script src="https://…/widget/v1/loan-widget.js" data-lang="en"
 *           data-partner="p-42" data-sub1="sidebar"></script>
 * The API origin defaults to the origin the script came from.
 */
export interface ScriptDefaults {
  lang?: string | undefined;
  partner?: string | undefined;
  apiBase: string;
  sub1?: string | undefined;
  sub2?: string | undefined;
  sub3?: string | undefined;
  sub4?: string | undefined;
  sub5?: string | undefined;
  /** `data-events="log"`: events are logged to the console, not sent (a partner's local development). */
  events?: string | undefined;
  /** The script's own URL: the widget's catalogs are beside it (decision 0303). */
  scriptUrl?: string | undefined;
}

function ourScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  // Loaded as a module or by a tag manager: find the tag by its file name.
  return document.querySelector<HTMLScriptElement>('script[src*="/loan-widget"]');
}

export function readScriptDefaults(): ScriptDefaults {
  const script = ourScript();
  const data = script?.dataset ?? {};
  let origin = window.location.origin;
  try {
    if (script?.src) origin = new URL(script.src).origin;
  } catch {
    // A malformed src leaves the page's origin.
  }
  // data-lang, data-partner, data-sub1 … data-sub5, data-events as they are.
  return {
    ...data,
    apiBase: (data.apiBase ?? origin).replace(/\/+$/, ""),
    scriptUrl: script?.src || undefined,
  };
}
