import type { PageRoute, SiteMessages } from "../page";

/**
 * The offline page (issue 37, decision 0480): what the service worker
 * (site/public/sw.js) shows when a page of ours cannot load for want of a
 * connection, in the address's language. The same for everyone: no data.
 */
export interface OfflineView {
  kind: "offline";
}

export const routes: readonly PageRoute[] = [{ path: "/offline/" }];

/** A page for a failed load, not for search: no canonical link, not in the sitemap. */
export const indexed = false;

/** Its HTML alone: the worker keeps it with the stylesheet, and it needs no more offline. */
export const scripts = false;

export function view(): OfflineView {
  return { kind: "offline" };
}

export function head(_view: OfflineView, t: SiteMessages) {
  return { title: `${t.offlineTitle} | ${t.siteName}`, description: t.offlineDescription };
}
