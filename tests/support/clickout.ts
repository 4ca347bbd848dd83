import type { Page } from "playwright";
import { expect } from "vitest";

/**
 * "Get this offer" opens our click-out page (issue 32, decision 0375) in place, in `clickout`; its
 * "Continue" opens the lender in another tab, which this returns.
 */
export async function continueToLender(clickout: Page): Promise<Page> {
  await clickout.waitForURL(/\/go\/\d+\/?$/);
  const next = clickout.locator('main a.button[target="_blank"]');
  expect(await next.getAttribute("rel")).toBe("noopener noreferrer");
  const [lender] = await Promise.all([clickout.context().waitForEvent("page"), next.click()]);
  return lender;
}
