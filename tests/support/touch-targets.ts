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
