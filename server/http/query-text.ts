/**
 * One text field of a GET form's query, as a page reads it: absent or empty
 * is the fallback; a string is kept (cut to `max` characters, for the page
 * to show back); anything else (a repeated field, a nested one) is not ok,
 * for the page to answer as a problem, never a 500.
 */
export function queryText(
  raw: Record<string, unknown>,
  name: string,
  fallback: string,
  max = 40,
): { text: string; ok: boolean } {
  const value = raw[name];
  if (value === undefined || value === "") return { text: fallback, ok: true };
  return typeof value === "string"
    ? { text: value.slice(0, max), ok: true }
    : { text: "", ok: false };
}
