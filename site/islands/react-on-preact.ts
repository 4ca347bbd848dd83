/**
 * What the site's islands (decision 0271) need of React on preact, beyond
 * the widget's few lines (widget/react-on-preact.ts, decision 0210): the
 * islands' build aliases `react` and `react-dom/client` here. It adds
 * `hydrateRoot` (an island takes over the server's HTML, React 19's render
 * of the same component), the context API (the trust notes read who we are
 * from one), and a `useId` unique across islands: preact counts ids per root,
 * and a page has one root per island.
 */
import { type ComponentChild, hydrate } from "preact";
import { useState } from "preact/hooks";

export { createContext } from "preact";
export { useContext } from "preact/hooks";
export * from "../../widget/react-on-preact";

/** react-dom/client's hydrateRoot: preact adopts the server's markup inside `container`. */
export function hydrateRoot(container: Element, children: ComponentChild) {
  hydrate(children, container);
}

let lastId = 0;

/**
 * An id for the component's life, never the same in two islands. Hydration
 * leaves the server's ids (React's) in the page, as it leaves every
 * attribute: elements first drawn in the browser (a form) take these.
 */
export function useId(): string {
  return useState(() => `i${++lastId}`)[0];
}
