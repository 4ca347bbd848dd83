import { describe, expect, it } from "vitest";
import { inAppTarget } from "./navigation";

/**
 * Which clicks the site opens itself: its own pages, never files, APIs or
 * the partner portal, whose pages the server renders without the site's app.
 */
// The unit tests run without a DOM: a stand-in Element class is all inAppTarget asks of one.
const scope = globalThis as { Element?: unknown };
scope.Element ??= class Element {};

function clickOn(href: string): MouseEvent {
  const anchor = {
    target: "",
    href: new URL(href, "https://nayacompare.test").href,
    getAttribute: (name: string) => (name === "href" ? href : null),
    hasAttribute: () => false,
    closest: () => anchor,
  };
  const target = Object.assign(
    Object.create((scope.Element as { prototype: object }).prototype),
    anchor,
  );
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target,
  } as unknown as MouseEvent;
}

const here = new URL("https://nayacompare.test/en/partner/") as unknown as Location;

describe("inAppTarget", () => {
  it("opens the site's own pages in the app", () => {
    expect(inAppTarget(clickOn("/en/blog/"), here)?.pathname).toBe("/en/blog/");
    expect(inAppTarget(clickOn("/partner/"), here)?.pathname).toBe("/partner/");
  });

  it("leaves the partner portal, in both languages, to the browser", () => {
    for (const path of ["/partner/portal/", "/partner/portal/sign-up/", "/en/partner/portal/"]) {
      expect(inAppTarget(clickOn(path), here), path).toBeUndefined();
    }
  });
});
