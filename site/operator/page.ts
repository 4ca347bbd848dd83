/**
 * What a page of a signed-in area is (the back office, the partner portal):
 * its heading, the section of the menu it belongs to, and its body. Each
 * area's registry (`site/back-office/pages/registry.ts`,
 * `site/portal/pages/registry.ts`) lists its pages by the name of their
 * view, one line each, and the compiler checks that every view has its page;
 * adding a page is a folder and a line there, like the site's
 * (`site/pages/registry.ts`).
 */
import type { ReactNode } from "react";

export interface OperatorPage<View, Context, Section extends string> {
  /** The page's heading (and, with the area's name, its document title). */
  title(view: View, context: Context): string;
  /** The menu's section to mark as current, if any. */
  section?: ((view: View) => Section | undefined) | undefined;
  /** What the page shows under its heading. */
  Body(props: { view: View } & Context): ReactNode;
}

/** The views of an area that a page name (or names) shows; a view may have several names. */
export type ViewNamed<View, Name extends string> = View extends { page: infer Page }
  ? Name extends Page
    ? View
    : never
  : never;

/** Every view of an area, by its `page`, with the page that shows it. */
export type PageRegistry<View extends { page: string }, Context, Section extends string> = {
  readonly [Name in View["page"]]: OperatorPage<ViewNamed<View, Name>, Context, Section>;
};

/** The page that shows a view. */
export function pageFor<View extends { page: string }, Context, Section extends string>(
  registry: PageRegistry<View, Context, Section>,
  view: View,
): OperatorPage<View, Context, Section> {
  // The registry's type ties each name to its view's page; here any view will do.
  return registry[view.page as View["page"]] as unknown as OperatorPage<View, Context, Section>;
}
