import { COLOMBO_UTC_OFFSET_MINUTES } from "../../core/helpers/dates";

/** An ISO time as a Colombo date and time, "2026-11-21 14:05": what staff in Sri Lanka read. */
export function colomboTime(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const local = new Date(at + COLOMBO_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** The Colombo date of an ISO time, "2026-11-21". */
export function colomboDate(iso: string): string {
  return colomboTime(iso).slice(0, 10);
}

/** Whole rupees with thousands separators and no symbol, "12,500": for tables headed "Rs.". */
export function rupeeDigits(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
