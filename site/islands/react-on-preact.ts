/**
 * The few React APIs the site's islands (decision 0271) use, on preact itself:
 * the islands' build aliases `react` and `react-dom/client` here, and
 * `react/jsx-runtime` to preact's. (The widget, whose module this was until
 * decision 0331, now runs on preact/compat through r2wc.) What compat does
 * that the components need is here: `onChange` on a text field or slider is
 * React's per-keystroke event, the DOM's `input` (a checkbox's or radio's
 * `change` already is); `onFocus` and `onBlur` bubble, as the DOM's `focusin`
 * and `focusout` (the application form hears its fields'); `className` is the `class` attribute, so that an
 * undefined one removes it. Everything else the components use (htmlFor,
 * aria-*, part, refs, keys, fragments) preact does as React does; the
 * islands' browser tests hold that. Besides: `hydrateRoot` (an island takes
 * over the server's HTML, React 19's render of the same component), the
 * context API (the trust notes read who we are from one), and a `useId`
 * unique across islands: preact counts ids per root, and a page has one
 * root per island.
 */
import { type ComponentChild, hydrate, options, render } from "preact";
import { useState } from "preact/hooks";

export { createContext, Fragment } from "preact";
export {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "preact/hooks";

const CHANGE_IS_CHANGE = /^(checkbox|radio|file)$/;
const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const { type, props } = vnode as { type: unknown; props: Record<string, unknown> };
  // On elements only: a component's own `className` prop stays as it is.
  if (typeof type === "string" && "className" in props) {
    props.class = props.className;
    delete props.className;
  }
  if (
    (type === "input" || type === "textarea") &&
    props.onChange &&
    !CHANGE_IS_CHANGE.test(String(props.type))
  ) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  // React's focus and blur bubble (a form hears its fields'): the DOM's focusin and focusout.
  if (typeof type === "string") {
    if (props.onFocus) {
      props.onFocusIn = props.onFocus;
      delete props.onFocus;
    }
    if (props.onBlur) {
      props.onFocusOut = props.onBlur;
      delete props.onBlur;
    }
  }
  previousVnodeHook?.(vnode);
};

/** react-dom/client's createRoot: render into the container, and unmount. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}

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
