import { isIsoDate } from "../core/helpers/dates";
import { isLocale } from "../core/locale";
import type { AppState } from "./pages/registry";

/** The page's state as the server wrote it (`#app-state`); throws when it is missing or malformed. */
export function readAppState(): AppState {
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
  return state as AppState;
}
