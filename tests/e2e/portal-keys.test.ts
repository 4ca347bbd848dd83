import type { Browser } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPartner } from "../../server/partners/partners";
import { launchBrowser, watchConsole } from "../support/browser";
import { startPortalApp } from "../support/portal-app";
import { checkPortalPage } from "../support/portal-page-check";

/**
 * The partner portal's keys page in Chromium (issue 18), in Sinhala and
 * English: the publishable key, origins edited one per line (a wrong line
 * named, then saved), a new secret key after a confirmation, shown once,
 * which the partner API takes while the old one is refused. Every state:
 * axe, no sideways scrolling at 360 and 1280 px; docs/screens pictures.
 */
let portal: Awaited<ReturnType<typeof startPortalApp>>;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortalApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const WORDS = {
  si: {
    keys: "යතුරු",
    origins: "ඔබේ වෙබ් අඩවිවල මූලාරම්භ, පේළියකට එකක් බැගින්",
    save: "මූලාරම්භ සුරකින්න",
    line2: "පේළිය 2",
    saved: "ඔබේ අවසර ලත් මූලාරම්භ සුරැකිණි.",
    rotate: "නව රහස් යතුරක් සාදන්න",
    confirm: "ඔව්, නව රහස් යතුරක් සාදන්න",
    once: "අප එය පෙන්වන්නේ මෙවර පමණි",
  },
  en: {
    keys: "Keys",
    origins: "Your sites' origins, one per line",
    save: "Save the origins",
    line2: "Line 2",
    saved: "Your allowed origins are saved.",
    rotate: "Make a new secret key",
    confirm: "Yes, make a new secret key",
    once: "this is the only time we show it",
  },
} as const;

const stats = (secretKey: string) =>
  fetch(`${portal.url}/api/partner/v1/stats?from=2026-11-01&to=2026-11-02`, {
    headers: { authorization: `Bearer ${secretKey}` },
  }).then((res) => res.status);

describe("the partner portal's keys", () => {
  for (const locale of ["si", "en"] as const) {
    it(`edits the origins and makes a new secret key, shown once (${locale})`, {
      timeout: 90_000,
    }, async () => {
      const w = WORDS[locale];
      const base = locale === "en" ? "/en/partner/portal/" : "/partner/portal/";
      const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const partner = await portal.signedInPartner(page, base, {
        name: `Kandy Keys ${locale}`,
        email: `keys-${locale}@kandy-keys.example`,
      });
      await page.getByRole("navigation").getByRole("link", { name: w.keys, exact: true }).click();
      await page.getByRole("heading", { name: w.keys, level: 1 }).waitFor();
      const stored = await findPartner(portal.storage, partner.partnerId);
      await page.getByText(stored?.publishableKey ?? "missing").waitFor();

      // A wrong line is named; the list comes back as typed.
      await page.getByLabel(w.origins).fill("https://www.kandy-keys.lk\nhttp://kandy-keys.lk/shop");
      await page.getByRole("button", { name: w.save }).click();
      await page.getByRole("alert").getByText(w.line2).waitFor();
      expect(await page.getByLabel(w.origins).getAttribute("aria-invalid")).toBe("true");
      await checkPortalPage(page, `keys-origins-error-${locale}`);
      await page
        .getByLabel(w.origins)
        .fill("https://www.kandy-keys.lk\nhttps://shop.kandy-keys.lk");
      await page.getByRole("button", { name: w.save }).click();
      await page.getByText(w.saved).waitFor();
      expect((await findPartner(portal.storage, partner.partnerId))?.origins).toEqual([
        "https://www.kandy-keys.lk",
        "https://shop.kandy-keys.lk",
      ]);
      await checkPortalPage(page, `keys-${locale}`, `partner-portal-keys-${locale}`);

      // A new secret key: a confirmation first, then the key once.
      await page.getByRole("link", { name: w.rotate }).click();
      await page.getByRole("button", { name: w.confirm }).waitFor();
      await checkPortalPage(page, `keys-confirm-${locale}`);
      await page.getByRole("button", { name: w.confirm }).click();
      await page.getByText(w.once).waitFor();
      const secretKey = (await page.locator("#issued-key").textContent()) ?? "";
      expect(secretKey).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
      expect(page.url()).not.toContain(secretKey);
      await checkPortalPage(page, `keys-issued-${locale}`);
      expect(await stats(secretKey)).toBe(200);
      // Shown once: back on the keys page it is not there.
      await page.goto(`${portal.url}${base}keys/`);
      expect(await page.content()).not.toContain(secretKey);
      // Making another stops the first at once.
      await page.getByRole("link", { name: w.rotate }).click();
      await page.getByRole("button", { name: w.confirm }).click();
      await page.getByText(w.once).waitFor();
      const next = (await page.locator("#issued-key").textContent()) ?? "";
      expect(await stats(secretKey)).toBe(401);
      expect(await stats(next)).toBe(200);
      // The browser reports the form's 400 answer (its errors) as a failed load; nothing else.
      expect(problems.filter((line) => !line.includes("status of 400"))).toEqual([]);
      await context.close();
    });
  }
});
