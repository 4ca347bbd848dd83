import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadOffersSchema } from "../../server/partners/api-schemas";
import { findPartner } from "../../server/partners/partners";
import { launchBrowser, watchConsole } from "../support/browser";
import { startPortalApp } from "../support/portal-app";
import { checkPortalPage } from "../support/portal-page-check";

/**
 * Real-time pre-approvals in the partner portal (issue 30, decisions 0356,
 * 0357) in Chromium, in Sinhala, English and Tamil: the Postbacks page turns
 * the offers-ready postback on and off, and the API page shows the waiting
 * call and an answer of the API's shape. Axe, no sideways scrolling at 360
 * and 1280 px.
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
    base: "/partner/portal/",
    turnOn: "Offers-ready postback යවන්න",
    turnOff: "Offers-ready postback නවත්වන්න",
    on: "Offers-ready postback සක්‍රියයි.",
    title: "තත්‍ය කාලීන පූර්ව අනුමැති",
  },
  en: {
    base: "/en/partner/portal/",
    turnOn: "Send offers-ready postbacks",
    turnOff: "Stop offers-ready postbacks",
    on: "Offers-ready postbacks are on.",
    title: "Pre-approvals in real time",
  },
  ta: {
    base: "/ta/partner/portal/",
    turnOn: "Offers-ready போஸ்ட்பேக்குகளை அனுப்புங்கள்",
    turnOff: "Offers-ready போஸ்ட்பேக்குகளை நிறுத்துங்கள்",
    on: "Offers-ready போஸ்ட்பேக்குகள் இயக்கத்தில் உள்ளன.",
    title: "உடனடி முன்னங்கீகாரங்கள்",
  },
} as const;

describe("real-time pre-approvals in the partner portal", () => {
  for (const locale of ["si", "en", "ta"] as const) {
    it(`turns the offers-ready postback on and shows the waiting call (${locale})`, {
      timeout: 90_000,
    }, async () => {
      const w = WORDS[locale];
      const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const partner = await portal.signedInPartner(page, w.base, {
        name: `Rate Table ${locale}`,
        email: `rates-${locale}@galle-deals.example`,
      });
      await page.goto(`${portal.url}${w.base}postbacks/`);
      await page.getByRole("button", { name: w.turnOn }).click();
      await page.getByText(w.on).waitFor();
      await page.getByRole("button", { name: w.turnOff }).waitFor();
      expect(
        (await findPartner(portal.storage, partner.partnerId))?.offersReadySince,
      ).not.toBeNull();
      await checkPortalPage(page, `postbacks-offers-ready-${locale}`);

      await page.goto(`${portal.url}${w.base}docs/`);
      await page.getByRole("heading", { name: w.title, level: 2 }).waitFor();
      const call = await page.locator("pre.docs-example", { hasText: "wait=10" }).textContent();
      expect(call).toContain(`/api/partner/v1/leads/$LEAD_ID/offers?lang=${locale}&wait=10`);
      const answer = leadOffersSchema.parse(
        JSON.parse((await page.locator("#lead-offers-example").textContent()) ?? ""),
      );
      expect(answer).toMatchObject({ lang: locale, decisions: { complete: true } });
      await checkPortalPage(page, `docs-pre-approvals-${locale}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
