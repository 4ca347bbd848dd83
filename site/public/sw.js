/**
 * Our service worker at /sw.js (issue 6's push, issue 37's return visits;
 * decisions 0064, 0480–0482). The server sends it with `self.BUILD` in front
 * (server/pages/service-worker-routes.ts): the build's id, its files, and
 * each language's offline page with what that page loads.
 *
 * - Files of ours under /assets/ (content-hashed scripts, styles, fonts,
 *   catalogs) come from this build's cache first, and from the network once.
 * - Pages are never kept: a navigation goes to the network; when that fails,
 *   the offline page in the address's language (kept at install) answers.
 * - Nothing else is touched: no API answer, no other method than GET, no
 *   back office, portal, widget or other origin's request.
 * - One cache per build; a new build's worker takes over at once, keeps the
 *   files its build still has and deletes the older caches.
 */
const BUILD = self.BUILD ?? { id: "unbuilt", files: [], offline: {}, precache: [] };
const PREFIX = "nayacompare-";
const CACHE = `${PREFIX}${BUILD.id}`;
const THIS_BUILD = new Set(BUILD.files);
/** Most files a page may ask the worker to keep at once (what it loaded before the worker ran). */
const KEEP_AT_MOST = 100;

/** Addresses whose navigations the worker leaves alone: not the site's pages. */
const NOT_SITE_PAGES =
  /^\/(admin|partner\/portal|lender\/portal|partner\/demo|embed|api|client-api|go|landing|_build|widget)(\/|$)/;

/** The offline page for an address: the one whose language's prefix (/, /en/, /ta/) is longest. */
function offlinePage(pathname) {
  const prefix = (page) => page.slice(0, -"offline/".length);
  return Object.values(BUILD.offline)
    .filter((page) => pathname.startsWith(prefix(page)))
    .sort((a, b) => b.length - a.length)[0];
}

/** A response we may keep: a whole 200 of our own, nothing a cookie or a private answer rides on. */
function keepable(response) {
  if (response.status !== 200 || response.type !== "basic") return false;
  const control = response.headers.get("Cache-Control") ?? "";
  return !/no-store|private/i.test(control) && !response.headers.has("Set-Cookie");
}

function isOurFile(url) {
  return url.origin === self.location.origin && url.pathname.startsWith("/assets/");
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    const page = offlinePage(url.pathname);
    const offline = page && (await caches.match(page, { cacheName: CACHE }));
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // What an older worker kept that this build still has (fonts rarely change): no download.
      for (const name of await caches.keys()) {
        if (!name.startsWith(PREFIX) || name === CACHE) continue;
        const old = await caches.open(name);
        for (const request of await old.keys()) {
          if (!THIS_BUILD.has(new URL(request.url).pathname)) continue;
          const response = await old.match(request);
          if (response) await cache.put(request, response);
        }
      }
      const missing = [];
      for (const path of BUILD.precache) if (!(await cache.match(path))) missing.push(path);
      await cache.addAll(missing);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (!NOT_SITE_PAGES.test(url.pathname)) event.respondWith(pageOrOffline(request, url));
    return;
  }
  if (isOurFile(url)) event.respondWith(cacheFirst(request));
});

/**
 * A page loaded before the worker ran hands over the files of ours it loaded
 * (site/service-worker.ts): they are kept now, from the browser's own cache.
 */
self.addEventListener("message", (event) => {
  const files = Array.isArray(event.data?.keep) ? event.data.keep.slice(0, KEEP_AT_MOST) : [];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const file of files) {
        if (typeof file !== "string") continue;
        const url = new URL(file, self.location.origin);
        if (!isOurFile(url) || (await cache.match(url.href))) continue;
        const response = await fetch(url.href).catch(() => undefined);
        if (response && keepable(response)) await cache.put(url.href, response);
      }
    })(),
  );
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: the default text below.
  }
  const text = (value) => (typeof value === "string" ? value : undefined);
  const url = text(data.url)?.startsWith("/") ? data.url : "/";
  event.waitUntil(
    self.registration.showNotification(text(data.title) ?? "NayaCompare", {
      body: text(data.body),
      lang: text(data.lang),
      icon: "/favicon.svg",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? "/"));
});
