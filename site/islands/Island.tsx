import type { ComponentType, ReactNode } from "react";

/**
 * The interactive parts of a page that the islands' script hydrates on the
 * pages that name one (decision 0271); every other part stays the server's HTML.
 */
export type IslandName =
  | "cookie-notice"
  | "share"
  | "rating"
  | "offers-aside"
  | "comments"
  | "lender-logo"
  | "offers-for-loan"
  | "home"
  | "application"
  | "screen";

/**
 * Marks an island in the server's HTML: a wrapper without a box of its own
 * (`display: contents`, site.css) that the islands' script hydrates with the
 * same component, built from the page's state. React renders it alike on
 * the pages it hydrates whole, so both renders match.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return <div data-island={name}>{children}</div>;
}

/**
 * A page whose whole content is one island (the home, application and screens pages):
 * `Content` inside `<Island name>`; the islands' script hydrates `Content` alone.
 */
export function wholePageIsland<Props extends object>(
  name: IslandName,
  Content: ComponentType<Props>,
): (props: Props) => ReactNode {
  return (props) => (
    <Island name={name}>
      <Content {...props} />
    </Island>
  );
}
