import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright";
import { expect } from "vitest";
import { axeViolations } from "./browser";
import { saveScreen } from "./screens";
import { smallTargets } from "./touch-targets";

const PHONE = { width: 360, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
/** Every state a test passes through, for a reviewer (never docs/screens/). */
const STEPS = path.join(tmpdir(), "nayacompare-portal-steps");

/**
 * What every partner-portal page must be, in the browser tests: no
 * sideways scrolling at 1280 and 360 px (the elements past the edge named),
 * no axe violation, on the portal's own pages every link and button a 44×44 px target at
 * 360 px unless it is a link in a sentence (issue 32, ./touch-targets.ts); the phone's first
 * screen into a temporary folder as `<name>-360.png`; with `shot`, the same as screensDir()'s
 * `<shot>.png` (./screens.ts: written only when it changed). `settle` waits, after
 * each resize, for what the page redraws at its new width (the dashboard's charts).
 */
export async function checkPortalPage(
  page: Page,
  name: string,
  shot?: string,
  settle?: (page: Page) => Promise<unknown>,
): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settle?.(page);
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= window.innerWidth
        ? []
        : [...document.querySelectorAll("body *")]
            .filter(
              (element) =>
                element.getBoundingClientRect().right > window.innerWidth &&
                !element.parentElement?.closest(".scroll"),
            )
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
            .slice(0, 5),
    );
    expect(wide, `${name} at ${size.width}`).toEqual([]);
  }
  // The portals' pages (issue 32); the back office's, checked here by some tests, are not yet.
  if (/\/(partner|lender)\/portal\//.test(new URL(page.url()).pathname)) {
    expect(await smallTargets(page, "body"), `${name}: targets under 44×44 px`).toEqual([]);
  }
  expect(await axeViolations(page), name).toEqual([]);
  await saveScreen(page, `${name}-360`, { dir: STEPS });
  if (shot) await saveScreen(page, shot);
}
