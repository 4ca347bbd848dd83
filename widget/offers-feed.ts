import { useCallback, useEffect, useState } from "react";
import type { Offer } from "../core/schemas/offer";
import { getJson } from "./runtime/http";

export type OffersFeedState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; offers: readonly Offer[] };

/** The feed config of Sri Lanka (SPEC §7: the lower-cased country code). */
const FEED_CONFIG_NAME = "lk";

/**
 * One request per page and API origin, however many elements ask (SPEC §4:
 * offers are loaded once). A failed request is forgotten so a retry asks again.
 */
const requests = new Map<string, Promise<readonly Offer[]>>();

function requestOffers(url: string): Promise<readonly Offer[]> {
  let request = requests.get(url);
  if (!request) {
    request = getJson(url).then((response) => {
      // Our own server validated the catalogue; a light check keeps zod out of the bundle.
      if (!Array.isArray(response.data)) {
        throw new Error(`The offers feed answered ${response.status}, not a list of offers`);
      }
      return response.data as Offer[];
    });
    requests.set(url, request);
    request.catch(() => requests.delete(url));
  }
  return request;
}

/**
 * The offers catalogue, with loading and error states and a retry.
 * `keyQuery` carries a partner's publishable key ("?key=pk_…" or "").
 */
export function useOffersFeed(
  apiBase: string,
  keyQuery: string,
): { feed: OffersFeedState; retry(): void } {
  const url = `${apiBase}/api/feed/config/${FEED_CONFIG_NAME}${keyQuery}`;
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
