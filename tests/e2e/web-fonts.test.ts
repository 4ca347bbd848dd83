import type { Browser } from "playwright";
import { describe, expect, it } from "vitest";
import { watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * Our web fonts (decisions 0015, 0310): a page uses the face of its own
 * script only, so Sinhala and English pages load no Tamil font and Tamil
 * pages no Sinhala one, not even for the other language's name in the
 * language switch. A face the page never uses stays "unloaded" (nothing
 * fetched); one it uses is "loaded", from the phone's installed font
 * through local() when it has one, as this machine does, or from our file.
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

const SINHALA = "Noto Sans Sinhala Web";
const TAMIL = "Noto Sans Tamil Web";

const cases = [
  { page: "/", locale: "si", used: [SINHALA], unused: [TAMIL] },
  { page: "/en/", locale: "en", used: [], unused: [TAMIL] },
  {
    page: "/en/are-you-ready-to-apply-for-personal-loans/",
    locale: "en",
    used: [],
    unused: [TAMIL],
  },
  { page: "/ta/", locale: "ta", used: [TAMIL], unused: [SINHALA] },
  {
    page: "/ta/are-you-ready-to-apply-for-personal-loans/",
    locale: "ta",
    used: [TAMIL],
    unused: [SINHALA],
  },
];

describe("web fonts per language", () => {
  for (const { page: pagePath, locale, used, unused } of cases) {
    it(`${pagePath} (${locale}) uses ${used.join(", ") || "no web font of ours"}, never ${unused.join(", ")}`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${server.url}${pagePath}`);
      await page.evaluate(() => document.fonts.ready);
      const faces = await page.evaluate(() =>
        [...document.fonts].map((face) => ({ family: face.family, status: face.status })),
      );
      const status = (family: string) =>
        faces.filter((face) => face.family.replaceAll('"', "") === family).map((f) => f.status);
      // Both faces are declared on every page (one stylesheet); only the page's own is used.
      expect(status(SINHALA)).toHaveLength(2);
      expect(status(TAMIL)).toHaveLength(2);
      for (const family of used) expect(status(family)).toContain("loaded");
      for (const family of unused) expect(status(family)).toEqual(["unloaded", "unloaded"]);
      for (const family of unused) {
        const file = family === TAMIL ? "noto-sans-tamil" : "noto-sans-sinhala";
        expect(fonts.filter((url) => url.includes(file))).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
