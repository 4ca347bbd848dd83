import { useCallback, useEffect, useState } from "react";
import type { Offer } from "../core/domain/schemas/offer";
import { getJson, type HttpResult } from "./runtime/http";

export type OffersFeedState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; offers: readonly Offer[] };

/**
 * One request per page and address, however many elements ask (SPEC §4:
 * offers are loaded once; the approval odds alike). `read` refuses an
 * answer by throwing; a failed request is forgotten so a retry asks again.
 */
const requests = new Map<string, Promise<unknown>>();

export function requestOnce<T>(url: string, read: (response: HttpResult) => T): Promise<T> {
  let request = requests.get(url) as Promise<T> | undefined;
  if (!request) {
    request = getJson(url).then(read);
    requests.set(url, request);
    request.catch(() => requests.delete(url));
  }
  return request;
}

// Our own server validated the catalogue; a light check keeps zod out of the bundle.
// The status alone, not "not a list of offers": brotli's bytes (decision 0323).
const requestOffers = (url: string) =>
  requestOnce(url, (response) => {
    if (!Array.isArray(response.data)) {
      throw new Error(`The offers feed answered ${response.status}`);
    }
    return response.data as readonly Offer[];
  });

/**
 * The offers catalogue of the server's country, with loading and error states and a retry.
 * `keyQuery` carries a partner's publishable key ("?key=pk_…" or "").
 */
export function useOffersFeed(
  apiBase: string,
  keyQuery: string,
): { feed: OffersFeedState; retry(): void } {
  // The server's config for its COUNTRY, named by SPEC §7's rule (decision 0323): never ours to pick.
  const url = `${apiBase}/api/feed/config${keyQuery}`;
  const [feed, setFeed] = useState<OffersFeedState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request on retry.
  useEffect(() => {
    let current = true;
    setFeed({ status: "loading" });
    requestOffers(url).then(
      (offers) => {
        if (current) setFeed({ status: "ready", offers });
      },
      (error: unknown) => {
        // SPEC §8: logged under this name; the list becomes empty and the visitor sees why.
        console.error("ERROR WHILE LOADING OFFERS", error);
        if (current) setFeed({ status: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { feed, retry };
}
