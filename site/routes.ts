import { type Locale, splitLocalePath } from "../core/locale";

/** A page of the site (SPEC §3 "Route record"). Paths are locale-free. */
export interface RouteRecord {
  name: RouteName;
  path: string;
  meta?: { type: "blog" | "doc"; link?: string };
}

export type RouteName = "home";

/** Every page of the site; each exists at `path` (Sinhala) and at `/en` + `path`. */
export const routes: readonly RouteRecord[] = [{ name: "home", path: "/" }];

export interface RouteMatch {
  locale: Locale;
  /** The path without its locale prefix. */
  rest: string;
  route: RouteRecord | undefined;
}

export function matchRoute(path: string): RouteMatch {
  const { locale, rest } = splitLocalePath(path);
  return { locale, rest, route: routes.find((route) => route.path === rest) };
}
