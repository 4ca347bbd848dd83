/**
 * The site's browser entry: hydrates the server-rendered page, then opens
 * links of ours inside the app (SPEC §2) instead of reloading.
 */
import { Component, type ReactNode, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { type Locale, localizePath } from "../core/locale";
import { App, type AppState } from "./App";
import { readAppState } from "./app-state";
import { siteMessagesFor } from "./messages";
import { fetchPage, inAppTarget } from "./navigation";
import { preloadPage } from "./pages/registry";
import { isNewBuildOut, reloadAfterFailure, reloadOnFailedAssets, watchReleases } from "./releases";
import { startServiceWorker } from "./service-worker";
import { track } from "./track";

function readState(): AppState {
  const appState = readAppState();
  // Content HTML is not repeated in the state: take it from the server's markup.
  if (appState.view && "html" in appState.view) {
    appState.view.html = document.getElementById("content-body")?.innerHTML ?? "";
  }
  return appState;
}

/** Replaces the page's head tags (title, description, canonical, alternates, Open Graph, JSON-LD). */
function replaceHead(headHtml: string) {
  for (const element of document.head.querySelectorAll("[data-page-head]")) element.remove();
  document.querySelector("head > title")?.remove();
  document.head.insertAdjacentHTML("beforeend", headHtml);
}

/** Where a visitor was on each history entry, so back and forward return there. */
function rememberScroll() {
  window.history.replaceState({ ...window.history.state, scrollY: window.scrollY }, "");
}

/**
 * Holds the page state; a click on a link of ours fetches the next page's
 * state, swaps it in and updates the address and head. Any failure falls
 * back to a normal page load, so nothing is ever stuck.
 */
function Root({ initial }: { initial: AppState }) {
  const [state, setState] = useState(initial);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    let latest = 0;
    let shown = `${window.location.pathname}${window.location.search}`;
    const navigate = async (url: URL, how: "push" | "replace" | "pop") => {
      // A newer build is out: this page's scripts may not fit its pages any more.
      if (isNewBuildOut()) {
        window.location.assign(url.href);
        return;
      }
      const attempt = ++latest;
      const main = document.getElementById("main");
      document.documentElement.classList.add("navigating");
      main?.setAttribute("aria-busy", "true");
      try {
        const page = await fetchPage(`${url.pathname}${url.search}`);
        await preloadPage(page.state);
        if (attempt !== latest) return;
        if (how !== "pop") rememberScroll();
        flushSync(() => setState(page.state));
        track((module) => module.trackNavigation(page.state));
        if (how === "push") window.history.pushState({ scrollY: 0 }, "", url.href);
        if (how === "replace") window.history.replaceState({ scrollY: 0 }, "", url.href);
        shown = `${url.pathname}${url.search}`;
        replaceHead(page.headHtml);
        document.documentElement.lang = page.locale;
        const anchor = url.hash
          ? document.getElementById(decodeURIComponent(url.hash.slice(1)))
          : null;
        const restored = how === "pop" ? Number(window.history.state?.scrollY ?? 0) : 0;
        if (anchor) anchor.scrollIntoView();
        else window.scrollTo(0, restored);
        // Screen readers start at the new page's heading, not where the link was.
        const heading = document.querySelector<HTMLElement>("#main h1");
        heading?.setAttribute("tabindex", "-1");
        (heading ?? main)?.focus({ preventScroll: true });
      } catch {
        if (attempt === latest) window.location.assign(url.href);
      } finally {
        if (attempt === latest) {
          document.documentElement.classList.remove("navigating");
          main?.removeAttribute("aria-busy");
        }
      }
    };
    const onClick = (event: MouseEvent) => {
      const url = inAppTarget(event, window.location);
      if (!url) return;
      event.preventDefault();
      const same = `${url.pathname}${url.search}` === shown;
      void navigate(url, same ? "replace" : "push");
    };
    const onPopState = () => {
      // A link to a section of this page fires popstate too: nothing to load.
      if (`${window.location.pathname}${window.location.search}` === shown) return;
      void navigate(new URL(window.location.href), "pop");
    };
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);

  return (
    <RenderFailureFallback locale={state.locale}>
      <App state={state} />
    </RenderFailureFallback>
  );
}

/**
 * If rendering a page fails in the browser (say, a page state from a newer
 * deployment), load the page afresh from the server, once; if it fails
 * again, show the full-page error screen (SPEC §2) instead of going blank.
 */
class RenderFailureFallback extends Component<
  { locale: Locale; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Page render failed", error);
    reloadAfterFailure();
  }

  override render() {
    return this.state.failed ? <ErrorScreen locale={this.props.locale} /> : this.props.children;
  }
}

/** The full-page error screen, as the server renders it for a 500. */
function ErrorScreen({ locale }: { locale: Locale }) {
  const t = siteMessagesFor(locale);
  return (
    <main id="main" className="error-screen">
      <h1>{t.errorTitle}</h1>
      <p>{t.errorText}</p>
      <a className="button" href={localizePath(locale, "/")}>
        {t.siteName}
      </a>
    </main>
  );
}

const root = document.getElementById("root");
if (root) {
  const initial = readState();
  // A page with a chunk of its own is loaded first: hydration renders it at once.
  // If the chunk cannot load, the page stays as the server rendered it, readable.
  // (Not a top-level await: the page chunks import from this one, which must not wait on them.)
  preloadPage(initial).then(
    () => hydrate(root, initial),
    (error: unknown) => {
      console.error("A page's script could not load", error);
      reloadAfterFailure();
    },
  );
  watchReleases();
  reloadOnFailedAssets();
  startServiceWorker();
}

function hydrate(root: HTMLElement, initial: AppState) {
  track((module) => module.startTracking(initial));
  hydrateRoot(root, <Root initial={initial} />, {
    onRecoverableError(error, info) {
      // Production React reports a hydration mismatch here and then quietly
      // re-renders on the client; say so loudly instead.
      console.error("Recoverable React error", error, info.componentStack);
    },
  });
}
