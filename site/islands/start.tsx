/**
 * The islands' runtime (decision 0271), on preact in the browser: what
 * every page does (the cookie notice, the language link, tracking, release
 * detection, a reload when a file of ours fails to load) and hydrating the
 * page's islands, each with the same component the server rendered, its
 * props taken from the page's state. Links load in full: there is no
 * in-app navigation here, so every page comes from the newest build.
 */
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { isLocale } from "../../core/locale";
import { readAppState } from "../app-state";
import { CookieNotice } from "../components/CookieNotice";
import { followLanguageSwitch } from "../language-switch";
import { loadLocaleCatalogs } from "../messages/load-locale";
import type { AppState, PageView } from "../pages/registry";
import { reloadAfterFailure, reloadOnFailedAssets, watchReleases } from "../releases";
import { startServiceWorker } from "../service-worker";
import { track } from "../track";
import type { IslandName } from "./Island";

/** An island's element, built from the page's state as the page's component builds it. */
export type IslandRender = (state: AppState) => ReactNode;
export type Islands = Partial<Record<IslandName, IslandRender>>;

const EVERY_PAGE: Islands = {
  "cookie-notice": (state) => (
    <CookieNotice locale={state.locale} accepted={state.cookieNoticeAccepted} />
  ),
};

/** The page's view when it is of `kind`; islands of a page read their props from it. */
export function viewOf<Kind extends PageView["kind"]>(
  state: AppState,
  kind: Kind,
): Extract<PageView, { kind: Kind }> {
  const view = state.view;
  if (view?.kind !== kind) throw new Error(`The page's state holds no ${kind} view`);
  return view as Extract<PageView, { kind: Kind }>;
}

/**
 * Hydrates the page's islands with `islands` (and every page's own), then starts the rest;
 * a Tamil page once its catalogs are in (decision 0304), a page whose parts are chunks of
 * their own once `preload` has loaded them, side by side with the catalogs (decision 0470).
 */
export function startIslands(
  islands: Islands,
  afterStart?: (state: AppState) => void,
  preload?: (state: AppState) => Promise<void>,
): void {
  const state = readAppState();
  Promise.all([loadLocaleCatalogs(state.locale), preload?.(state)]).then(
    () => start(state, islands, afterStart),
    (error: unknown) => {
      // As the app says it (site/client.tsx): its catalogs, or a part it loads first.
      console.error("A page's script could not load", error);
      reloadAfterFailure();
    },
  );
}

function start(state: AppState, islands: Islands, afterStart?: (state: AppState) => void): void {
  const all: Islands = { ...EVERY_PAGE, ...islands };
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island as IslandName;
    const render = all[name];
    if (!render) {
      console.error(`No script for the island "${name}": it stays as the server drew it`);
      continue;
    }
    try {
      hydrateRoot(element, render(state));
    } catch (error) {
      console.error(`The island "${name}" could not start`, error);
    }
  }
  for (const languageLink of document.querySelectorAll<HTMLAnchorElement>("a.language-switch")) {
    const otherLocale = languageLink.hreflang;
    if (isLocale(otherLocale)) {
      languageLink.addEventListener("click", () => followLanguageSwitch(languageLink, otherLocale));
    }
  }
  // Marks the document as interactive, as the app does; browser tests and CSS wait on it.
  document.documentElement.dataset.hydrated = "true";
  track((module) => module.startTracking(state));
  watchReleases();
  reloadOnFailedAssets();
  startServiceWorker();
  afterStart?.(state);
}
