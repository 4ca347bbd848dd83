/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings in
 * TypeScript on both engines: text in SQLite, timestamptz in PostgreSQL
 * (read back as ISO strings, see database.ts).
 */
export interface EventsTable {
  id: string;
  event_id: number;
  provider_id: string | null;
  session_id: string | null;
  client_id: string | null;
  domain: string | null;
  /** Origin and path only; the query string is dropped before storing. */
  referer: string | null;
  /** JSON object of the sub* and utm_* fields. */
  attribution: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Keyed hashes (HMAC-SHA256) of erased contacts; never the contacts themselves. */
export interface SuppressionsTable {
  hash: string;
  kind: "email" | "phone";
  created_at: string;
}

/** One deletion request: what it was made with and how much it erased, nothing personal. */
export interface ErasureRequestsTable {
  id: string;
  by_email: number;
  by_phone: number;
  erased_records: number;
  created_at: string;
}

export interface Database {
  events: EventsTable;
  settings: SettingsTable;
  suppressions: SuppressionsTable;
  erasure_requests: ErasureRequestsTable;
}
