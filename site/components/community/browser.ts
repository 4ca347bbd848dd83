import { type CommunityOutcome, communityOutcome } from "../../community";

/** Posts JSON to a community endpoint; a network failure is an outcome too ("try again"). */
export async function postCommunity(url: string, body: unknown): Promise<CommunityOutcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data: unknown = await response.json().catch(() => null);
    return communityOutcome(response.status, data, response.headers.get("Retry-After"));
  } catch {
    return { kind: "failed" };
  }
}

/** Counts this visit of an article (the server counts a visitor once a day); errors do not matter. */
export function countView(slug: string): void {
  fetch(`/api/articles/${encodeURIComponent(slug)}/views`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    keepalive: true,
  }).catch(() => undefined);
}

type Place = "localStorage" | "sessionStorage";

/**
 * Web storage, read and written only after hydration. Merely touching
 * `window.localStorage` throws in some privacy modes: then nothing is
 * remembered and the page works all the same.
 */
export function readStored(place: Place, key: string): string | null {
  try {
    return window[place].getItem(key);
  } catch {
    return null;
  }
}

export function store(place: Place, key: string, value: string): void {
  try {
    window[place].setItem(key, value);
  } catch {
    // Not remembered.
  }
}
