import widgetCss from "./widget.css?raw";

let sheet: CSSStyleSheet | undefined;

/**
 * Gives a shadow root the widget's styles. One sheet object is shared by
 * every element of the page; constructable sheets are not inline <style>
 * text, so a partner's strict CSP (no 'unsafe-inline') does not block them.
 */
export function adoptWidgetStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}
