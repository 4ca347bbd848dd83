/**
 * The site's browser entry: hydrates the server-rendered page, then opens
 * links of ours inside the app (SPEC §2) instead of reloading.
 */
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { isIsoDate } from "../core/dates";
import { isLocale } from "../core/locale";
import { App, type AppState } from "./App";
import { fetchPage, inAppTarget } from "./navigation";

function readState(): AppState {
  const text = document.getElementById("app-state")?.textContent;
  const state: unknown = text ? JSON.parse(text) : undefined;
  if (
    typeof state !== "object" ||
    state === null ||
    !("locale" in state && isLocale(state.locale)) ||
    !("rest" in state && typeof state.rest === "string") ||
    !("page" in state && typeof state.page === "string") ||
    !("today" in state && typeof state.today === "string" && isIsoDate(state.today)) ||
    !("cookieNoticeAccepted" in state && typeof state.cookieNoticeAccepted === "boolean")
  ) {
    throw new Error("The page carries no valid app state; it stays server-rendered.");
  }
  const appState = state as AppState;
  // Content HTML is not repeated in the state: take it from the server's markup.
  if (appState.view && "html" in appState.view) {
    appState.view.html = document.getElementById("content-body")?.innerHTML ?? "";
  }
  return appState;
}

function setMetaDescription(text: string) {
  document.querySelector('meta[name="description"]')?.setAttribute("content", text);
}

/**
 * Holds the page state; a click on a link of ours fetches the next page's
 * state, swaps it in and updates the address, title and language. Any
 * failure falls back to a normal page load, so nothing is ever stuck.
 */
function Root({ initial }: { initial: AppState }) {
  const [state, setState] = useState(initial);

  useEffect(() => {
    let latest = 0;
    const navigate = async (url: URL, push: boolean) => {
      const attempt = ++latest;
      const main = document.getElementById("main");
      document.documentElement.classList.add("navigating");
      main?.setAttribute("aria-busy", "true");
      try {
        const page = await fetchPage(url.pathname);
        if (attempt !== latest) return;
        flushSync(() => setState(page.state));
        if (push) window.history.pushState(null, "", url.href);
        document.title = page.title;
        document.documentElement.lang = page.locale;
        setMetaDescription(page.description);
        const anchor = url.hash
          ? document.getElementById(decodeURIComponent(url.hash.slice(1)))
          : null;
        if (anchor) anchor.scrollIntoView();
        else window.scrollTo(0, 0);
        // Screen readers start reading the new page, not where the link was.
        main?.focus({ preventScroll: true });
      } catch {
        window.location.assign(url.href);
      } finally {
        document.documentElement.classList.remove("navigating");
        main?.removeAttribute("aria-busy");
      }
    };
    const onClick = (event: MouseEvent) => {
      const url = inAppTarget(event, window.location);
      if (!url) return;
      event.preventDefault();
      void navigate(url, true);
    };
    const onPopState = () => void navigate(new URL(window.location.href), false);
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);

  return <App state={state} />;
}

const root = document.getElementById("root");
if (root) {
  hydrateRoot(root, <Root initial={readState()} />, {
    onRecoverableError(error, info) {
      // Production React reports a hydration mismatch here and then quietly
      // re-renders on the client; say so loudly instead.
      console.error("Recoverable React error", error, info.componentStack);
    },
  });
}
