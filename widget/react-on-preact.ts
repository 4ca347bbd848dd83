/**
 * The few React APIs the widget's components use, on preact itself rather than
 * preact/compat (decision 0210): the widget build aliases `react` and
 * `react-dom/client` to this module; the site keeps React 19. What compat did
 * that our components need is here: `onChange` on a text field or slider is
 * React's per-keystroke event, the DOM's `input` (a checkbox's or radio's
 * `change` already is); `className` is the `class` attribute, so that an
 * undefined one removes it. Everything else the components use (htmlFor,
 * aria-*, part, refs, keys, fragments) preact does as React does; the
 * widget's browser tests hold that. A component that needs more of React
 * (memo, forwardRef, portals, SVG attributes in camelCase) goes back to compat.
 */
import { type ComponentChild, options, render } from "preact";

export { useCallback, useEffect, useId, useRef, useState } from "preact/hooks";

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
  previousVnodeHook?.(vnode);
};

/** react-dom/client's createRoot: render into the container, and unmount. */
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
