import { formatDate, isIsoDate } from "../core/helpers/dates";

/** DD/MM/YYYY for a date from content front matter (validated as YYYY-MM-DD by its schema). */
export function formatContentDate(text: string): string {
  return isIsoDate(text) ? formatDate(text) : text;
}
