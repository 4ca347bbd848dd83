/**
 * One cookie's value from a Cookie header (the server's request header, or
 * the browser's document.cookie, which has the same form), decoded.
 * Undefined when the cookie is absent, has no "=", or its value is not
 * valid percent-encoding: a value we cannot read is treated as no value,
 * on the server and in the browser alike, so neither acts on a mangled id.
 * The first cookie of a name wins, as browsers send the most specific path
 * first.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
