import { randomUUID } from "node:crypto";
import type { TrackingEvent } from "../../core/domain/schemas/event";
import type { Storage } from "../storage/database";
import type { EventsTable } from "../storage/schema";
import type { DeviceClass } from "./device-class";
import { insertEvents } from "./event-rows";

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

/** An event as stored: the partner whose publishable key came with it, if any (issue 8). */
export type StoredEvent = TrackingEvent & {
  partner?: string | undefined;
  /** The class of the sender's device from its User-Agent (device-class.ts); never the header. */
  device?: DeviceClass | undefined;
};

/** The row of an event, with a new id: the referer without its query, sub*, utm_* and the partner as JSON. */
export function eventRow(event: StoredEvent, now: Date = new Date()): EventsTable {
  const { event_id, provider_id, session_id, client_id, domain, referer, device, ...attribution } =
    event;
  return {
    id: randomUUID(),
    event_id,
    provider_id: provider_id ?? null,
    session_id: session_id ?? null,
    client_id: client_id ?? null,
    domain: domain ?? null,
    referer: refererWithoutQuery(referer),
    attribution: JSON.stringify(attribution),
    device_class: device ?? null,
    created_at: now.toISOString(),
  };
}

/** Stores one event and resolves once it is committed (the endpoint batches instead: event-buffer.ts). */
export async function recordEvent(
  storage: Storage,
  event: StoredEvent,
  now: Date = new Date(),
): Promise<string> {
  const row = eventRow(event, now);
  await insertEvents(storage.db, [row]);
  return row.id;
}
