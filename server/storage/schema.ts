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

export interface Database {
  events: EventsTable;
}
