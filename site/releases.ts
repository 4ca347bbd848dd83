import { getJson } from "../widget/runtime/http";

/**
 * Releases and failures in the browser (SPEC §4, issue 6): noticing that a
 * new build is out, and reloading after an asset failed to load, at most
 * once per path within RELOAD_GUARD_MS so a broken deployment cannot loop.
 */

/** SPEC §9: the reload guard's window. */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = "reload_guard";

/** How often a page asks whether a new build is out (SPEC §4 leaves it open). */
export const RELEASE_POLL_MS = 5 * 60 * 1000;

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether a reload of `path` may happen now; records it when it may. Not
 * when the same path was reloaded less than RELOAD_GUARD_MS ago. Storage
 * that throws (privacy modes) allows the reload: the guard is then off,
 * which is what the page did before it existed.
 */
export function mayReload(path: string, store: KeyValueStore | undefined, now: number): boolean {
  try {
    const last = JSON.parse(store?.getItem(GUARD_KEY) ?? "null") as {
      path?: unknown;
      at?: unknown;
    } | null;
    if (last?.path === path && typeof last.at === "number" && now - last.at < RELOAD_GUARD_MS) {
      return false;
    }
    store?.setItem(GUARD_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // No storage: allow it.
  }
  return true;
}

function sessionStore(): KeyValueStore | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * A script or stylesheet of ours that fails to load (a deployment removed it,
 * a flaky connection): reload, at most once per path within 10 s. Both the
 * app's entry and the islands' start it.
 */
export function reloadOnFailedAssets(): void {
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
        reloadAfterFailure();
      }
    },
    true,
  );
}

/** Reloads the page after an asset failed, unless this path was just reloaded; answers whether it did. */
export function reloadAfterFailure(): boolean {
  if (!mayReload(window.location.pathname, sessionStore(), Date.now())) return false;
  window.location.reload();
  return true;
}

/** The build this page came from (a meta tag the server writes). */
function pageBuildId(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content || undefined;
}

let newBuildOut = false;

/** Whether a build newer than this page's is out: the next navigation should load in full. */
export function isNewBuildOut(): boolean {
  return newBuildOut;
}

/**
 * Polls /_build/latest.json (with a timestamp, so no cache answers) every
 * RELEASE_POLL_MS and when the page becomes visible again, at most once a
 * minute. Failures are ignored: the next poll tries again.
 */
export function watchReleases(): void {
  const own = pageBuildId();
  if (!own) return;
  let lastPoll = 0;
  const poll = async () => {
    if (newBuildOut || Date.now() - lastPoll < 60_000) return;
    lastPoll = Date.now();
    // Offline or the server is restarting: the next poll asks again.
    const response = await getJson(`/_build/latest.json?t=${Date.now()}`, { cache: "no-store" });
    const buildId = response.ok
      ? (response.data as { buildId?: unknown } | null)?.buildId
      : undefined;
    if (typeof buildId === "string" && buildId !== own) newBuildOut = true;
  };
  window.setInterval(() => void poll(), RELEASE_POLL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void poll();
  });
}
