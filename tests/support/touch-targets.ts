import type { Page } from "playwright";

/** WCAG 2.5.5's size, which issue 32 asks of every target in the footer and the portal. */
export const TOUCH_TARGET_PX = 44;

/**
 * The links and buttons under `scope` (a CSS selector) smaller than 44×44 px, each as
 * "text (w×h)". Exempt, and only this (WCAG 2.5.8's inline exception, kept narrow): a link
 * laid out inline whose parent block holds words of its own besides the link, i.e. a
 * link in a sentence. Hidden elements (no box) and a skip link parked off the left edge
 * until focused are not targets.
 */
export async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ scope, min }) => {
      const targets = [...document.querySelectorAll(scope)].flatMap((root) => [
        ...root.querySelectorAll<HTMLElement>(
          "a[href], button, summary, input[type=submit], input[type=button], [role=button]",
        ),
      ]);
      const inSentence = (element: HTMLElement) => {
        if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
        const parent = element.parentElement;
        if (!parent) return false;
        // The parent's own words: its text without this link's.
        const own = [...parent.childNodes]
          .filter((node) => node !== element)
          .map((node) => node.textContent ?? "")
          .join("");
        return /\p{L}{2,}/u.test(own);
      };
      return targets
        .filter((element) => {
          const box = element.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) return false;
          // Moved off the left edge until focused (a skip link): not a target there.
          if (box.right <= 0) return false;
          if (box.width >= min && box.height >= min) return false;
          return !inSentence(element);
        })
        .map((element) => {
          const box = element.getBoundingClientRect();
          const text = (element.textContent ?? "").trim().slice(0, 40);
          return `${text} (${Math.round(box.width)}×${Math.round(box.height)})`;
        });
    },
    { scope, min: TOUCH_TARGET_PX - 0.5 },
  );
}

/** WCAG 2.5.8's minimum (AA), which a radio button or checkbox itself must reach. */
export const SMALL_CONTROL_PX = 24;

/**
 * The form controls under `scope` too small to tap (decision 0445), each as
 * "name (w×h)": a field, a list or a text box under 44 px high; a radio button or checkbox
 * under 24×24 px, or whose label (what a tap on its words hits) is under 44 px high. Hidden
 * ones (no box) are not targets.
 */
export async function smallControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ scope, min, small }) => {
      const controls = [...document.querySelectorAll(scope)].flatMap((root) => [
        ...root.querySelectorAll<HTMLInputElement>("input, select, textarea"),
      ]);
      const size = (box: DOMRect) => `${Math.round(box.width)}×${Math.round(box.height)}`;
      return controls.flatMap((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return [];
        const name = control.name || control.id || control.type;
        if (control.type !== "radio" && control.type !== "checkbox") {
          return box.height >= min ? [] : [`${name} (${size(box)})`];
        }
        if (box.width < small || box.height < small) return [`${name} (${size(box)})`];
        const label = control.labels?.[0]?.getBoundingClientRect();
        return label && label.height >= min
          ? []
          : [`${name}'s label (${label ? size(label) : "none"})`];
      });
    },
    { scope, min: TOUCH_TARGET_PX - 0.5, small: SMALL_CONTROL_PX - 0.5 },
  );
}
