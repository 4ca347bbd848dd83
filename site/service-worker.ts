/**
 * Our one service worker (site/public/sw.js), registered (again: the browser
 * keeps one per scope) and active: for the return visits below and for push
 * notifications (site/push.ts) alike.
 */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

/**
 * Registers our service worker (site/public/sw.js, decision 0480) on every
 * page of the site, the app's and the islands' alike, once the page has
 * loaded, so it never competes with the page's own files. The page hands
 * the worker the files of ours it loaded, before the worker ran and while
 * it starts to answer, so a second visit finds them all kept. A browser
 * without workers, or one that refuses (some private modes), goes without:
 * nothing else changes.
 */
export function startServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const start = () => {
    serviceWorkerReady()
      .then((registration) => {
        const keep = (entries: readonly PerformanceEntry[]) => {
          const files = entries
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === window.location.origin)
            .filter((url) => url.pathname.startsWith("/assets/"))
            .map((url) => url.pathname);
          if (files.length > 0) registration.active?.postMessage({ keep: files });
        };
        // What loads from now on (a chunk, a font), then what loaded before.
        new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: "resource" });
        keep(performance.getEntriesByType("resource"));
      })
      .catch(() => {
        // No worker here: pages load from the network, as they did before it.
      });
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
