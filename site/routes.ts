import { type Locale, splitLocalePath } from "../core/locale";
import type { RouteRecord } from "./pages/page";
import { PAGES } from "./pages/registry";

export type { RouteRecord } from "./pages/page";

/** Every page at a fixed address; each exists at `path` (Sinhala) and under every other locale. */
export const routes: readonly RouteRecord[] = PAGES.flatMap((page) =>
  page.server.routes.map((route) => ({ ...route, name: page.name })),
);

export interface RouteMatch {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  route: RouteRecord | undefined;
}

const byPath = new Map(routes.map((route) => [route.path, route]));

/** The page at a path: a fixed address first, then the pages whose addresses come from data. */
export function matchRoute(path: string): RouteMatch {
  const { locale, rest } = splitLocalePath(path);
  const fixed = byPath.get(rest);
  if (fixed) return { locale, rest, route: fixed };
  for (const page of PAGES) {
    const matched = page.server.match?.(rest);
    if (matched) return { locale, rest, route: { ...matched, name: page.name } };
  }
  return { locale, rest, route: undefined };
}
