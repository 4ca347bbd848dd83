import { getJson } from "../widget/runtime/http";
import type { AppState } from "./App";

/** What /client-api/page answers (server/pages/client-api-routes.ts). */
export interface PageResponse {
  status: number;
  locale: string;
  /** The page's head tags, as the server renders them. */
  headHtml: string;
  state: AppState;
}

/**
 * Paths that are files, APIs, the widget, the click-out to lenders or the partner portal's
 * server-rendered pages (decision 0212): always loaded by the browser itself.
 */
const NOT_PAGES = /^\/(api|client-api|widget|assets|go|partner\/portal|en\/partner\/portal)\//;

/**
 * The address a click should open inside the app, or undefined when the
 * browser should handle it: modified clicks, new tabs, downloads, other
 * sites, files, APIs, and anchors within the current page.
 */
export function inAppTarget(event: MouseEvent, location: Location): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) {
    return undefined;
  }
  const href = anchor.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/\\")) return undefined;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || NOT_PAGES.test(url.pathname)) return undefined;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) {
    return undefined;
  }
  return url;
}

/** The page at a path of ours, with its query ("/en/application/?amount=20000"). */
export async function fetchPage(path: string): Promise<PageResponse> {
  const response = await getJson(`/client-api/page?${new URLSearchParams({ path })}`);
  if (!response.ok) throw new Error(`Page data answered ${response.status}`);
  return response.data as PageResponse;
}
