import type { PageQuery } from "../../core/views/site-contract";

/** More names than any link of ours carries; the rest are ignored. */
const MAX_NAMES = 40;
const MAX_VALUE_LENGTH = 200;
/** Names a GET form sends once per ticked checkbox: their values joined by commas (decision 0362). */
const LIST_NAMES = new Set(["compare"]);

/**
 * A page address's query as the site reads it: the first value of each
 * name (of a LIST_NAMES name, every value joined by commas), at most
 * MAX_NAMES names, values cut to MAX_VALUE_LENGTH characters.
 * The site validates what it uses (site/pages/application/prefill.ts).
 */
export function pageQueryOf(search: string): PageQuery {
  const query: Record<string, string> = Object.create(null);
  let names = 0;
  for (const [name, value] of new URLSearchParams(search)) {
    if (name in query) {
      if (LIST_NAMES.has(name)) query[name] = `${query[name]},${value}`.slice(0, MAX_VALUE_LENGTH);
      continue;
    }
    if (++names > MAX_NAMES) break;
    query[name] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return query;
}
