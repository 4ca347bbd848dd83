/** The site's browser entry: hydrates the server-rendered page. */
import { hydrateRoot } from "react-dom/client";
import { isIsoDate } from "../core/dates";
import { isLocale } from "../core/locale";
import { App, type AppState } from "./App";

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

const root = document.getElementById("root");
if (root) {
  hydrateRoot(root, <App state={readState()} />, {
    onRecoverableError(error, info) {
      // Production React reports a hydration mismatch here and then quietly
      // re-renders on the client; say so loudly instead.
      console.error("Recoverable React error", error, info.componentStack);
    },
  });
}
