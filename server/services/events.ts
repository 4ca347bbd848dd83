import { randomUUID } from "node:crypto";
import type { TrackingEvent } from "../../core/schemas/event";
import type { Storage } from "../storage/database";
import { insertEvent } from "../storage/events";

/**
 * A referer reduced to origin and path. A partner's page URL may carry an
 * e-mail or phone in its query string; that must not be stored.
 */
export function refererWithoutQuery(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Stores one event and resolves once it is committed. */
export async function recordEvent(
  storage: Storage,
  event: TrackingEvent,
  now: Date = new Date(),
): Promise<string> {
  const { event_id, provider_id, session_id, client_id, domain, referer, ...attribution } = event;
  const id = randomUUID();
  await insertEvent(storage.db, {
    id,
    event_id,
    provider_id: provider_id ?? null,
    session_id: session_id ?? null,
    client_id: client_id ?? null,
    domain: domain ?? null,
    referer: refererWithoutQuery(referer),
    attribution: JSON.stringify(attribution),
    created_at: now.toISOString(),
  });
  return id;
}
