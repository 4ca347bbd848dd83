/**
 * Text for HTML that we write as strings (the document shell, head tags,
 * the sitemap, the admin pages, the API reference): the five characters
 * that could end a text node or an attribute value, quoted or not, become
 * entities. React escapes what it renders; this is for everything else.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
