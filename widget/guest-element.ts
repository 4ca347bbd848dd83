import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";
import { adoptWidgetStyles } from "./styles/adopt";

/** How r2wc reads an attribute into its prop: as given, or through `parseFloat`. */
export type PropTypes = Record<string, "string" | "number">;

/**
 * r2wc's own keys for an element's props and its render. They are
 * `Symbol.for` keys, the same in every copy and version 2 of r2wc; the
 * widget's browser tests fail if they stop being so (a removed attribute).
 */
const R2WC_PROPS: unique symbol = Symbol.for("r2wc.props");
const R2WC_RENDER: unique symbol = Symbol.for("r2wc.render");

/** The element class r2wc makes, with the callbacks and keys our layer calls. */
interface R2wcElement extends HTMLElement {
  connectedCallback(): void;
  attributeChangedCallback(attribute: string, oldValue: string | null, value: string | null): void;
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

/** `api-base` is `apiBase`, as r2wc names an attribute's prop (its dashed case, reversed). */
const propertyOf = (attribute: string) =>
  attribute.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Defines `name` as `@r2wc/react-to-web-component` makes it from `component`:
 * an open shadow root, passed to the component as `container`; the props
 * `propTypes` lists, each from its dashed attribute (`apiBase` from
 * `api-base`) parsed by its type, or set as a property (which r2wc reflects
 * to the attribute); rendered while connected, by preact/compat in the
 * widget's build. What a guest on a partner's page needs besides, on top of
 * r2wc (decision 0331):
 *  - the name is defined only if it is free, so a second copy of the script
 *    on the page leaves the first one's elements alone;
 *  - our constructable stylesheet in the shadow root (`adoptWidgetStyles`:
 *    no `<style>` text, which a strict CSP blocks);
 *  - a property set on the element before the script defined it sits on the
 *    instance and hides r2wc's accessor: it is moved through the accessor;
 *  - a removed or emptied attribute brings back the component's default, as
 *    removing any HTML attribute does (r2wc keeps the last value).
 */
export function defineGuestElement<Props extends object>(
  name: string,
  component: ComponentType<Props>,
  propTypes: PropTypes,
): void {
  if (customElements.get(name)) return;
  const props = Object.keys(propTypes);
  const R2wcClass = r2wc(component, {
    shadow: "open",
    props: propTypes as Record<never, "string" | "number">,
  }) as unknown as new () => R2wcElement;

  class GuestElement extends R2wcClass {
    constructor() {
      super();
      adoptWidgetStyles(this.shadowRoot as ShadowRoot);
    }

    override connectedCallback() {
      const own = this as unknown as Record<string, unknown>;
      for (const prop of props) {
        if (!Object.hasOwn(this, prop)) continue;
        const value = own[prop];
        delete own[prop];
        own[prop] = value;
      }
      super.connectedCallback();
    }

    override attributeChangedCallback(
      attribute: string,
      oldValue: string | null,
      value: string | null,
    ) {
      if (value) {
        super.attributeChangedCallback(attribute, oldValue, value);
        return;
      }
      this[R2WC_PROPS][propertyOf(attribute)] = undefined;
      this[R2WC_RENDER]();
    }
  }
  customElements.define(name, GuestElement);
}
