import type { Browser, Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type ServerProcess, sitemapPaths, startServer } from "../support/server-process";

/**
 * Issue 20: a Tamil page reads in Tamil. Every Tamil page of the sitemap and
 * the borrower's Tamil screens, as a 360 px phone shows them: the text a
 * reader sees (and the labels a screen reader reads: alt, aria-label,
 * placeholder, title) holds no Sinhala and no Latin-script word but those of
 * ALLOWED. Text marked as another language (lang="si", lang="en": the
 * language switch names each language in its own script; an article's
 * sources by their English names) is that language's; code (cookie and field
 * names in the policies) is no language; an English term in brackets after
 * its Tamil word, as Sri Lankan Tamil legal texts give it ("இடைத்தரகர்
 * (intermediary)"), is a gloss.
 */
const ALLOWED: readonly [RegExp, string][] = [
  [/^(NayaCompare|Naya|Compare)$/, "our name (the header's wordmark sets it in two halves)"],
  [/^Rs$/, "rupees are written Rs. in all three languages (decision 0300)"],
  [
    /^(CRIB|NIC|SMS|OTP|API|APR|PDPA|DFCC|CBSL|LKR|PDF|EPF|ETF|CEB|IMF|ATM|PIN|QR|LED|URL|IP)$/,
    "abbreviations Sri Lankan Tamil writes in Latin letters (decision 0301: names and codes)",
  ],
  [
    /^(PayPal|USDT|OpenAPI|React|CSP|JPEG|PNG|WebP|KB|Google|Mozilla|Apple|Microsoft)$/,
    "names of companies, products, file formats and standards (partner page, privacy policy)",
  ],
  [/^\d*[Vv]$/, "an old NIC number ends in V (the form's example, 901234567V)"],
  [
    /^(help|partners|privacy|nayacompare|lk|test|example)$/,
    "parts of our e-mail addresses and host",
  ],
];

let server: ServerProcess;
let browser: Browser;
let paths: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  paths = (await sitemapPaths(server)).filter((path) => path.startsWith("/ta/"));
  const screens = ["/offers/", "/landing/offers/", "/landing/redirector/", "/landing/rejected/"];
  screens.push("/landing/rejected2/", "/landing/trafficback/", "/transition/");
  screens.push("/application/", "/reg/", "/reg2/", "/offers-link/expired/", "/offers-link/sent/");
  screens.push("/partner/portal/", "/no-such-page/");
  paths.push(...screens.map((path) => `/ta${path}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The words a reader of the page meets in text marked as Tamil. */
function tamilWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inTamil = (element: Element | null) =>
      element?.closest("[lang]")?.getAttribute("lang") === "ta";
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template, code")) continue;
      if (!parent.checkVisibility() && !parent.closest(".visually-hidden")) continue;
      if (inTamil(parent)) texts.push(node.textContent ?? "");
    }
    for (const element of document.body.querySelectorAll(
      "[alt], [aria-label], [placeholder], [title]",
    )) {
      if (!inTamil(element)) continue;
      for (const name of ["alt", "aria-label", "placeholder", "title"]) {
        texts.push(element.getAttribute(name) ?? "");
      }
    }
    texts.push(document.title);
    // A gloss: Latin words in brackets (the whole bracket, or its part before a comma).
    const glossFree = texts
      .join(" ")
      .replace(/\(([^()]*)\)/g, (_bracket, inner: string) =>
        inner.replace(/^[A-Za-z][A-Za-z0-9'/*_ -]*/, ""),
      );
    return glossFree.split(/\s+/);
  });
}

/** What is left once e-mail addresses and web addresses (proper names, not words) are taken out. */
function offending(words: string[]): string[] {
  const found = new Set<string>();
  for (const word of words) {
    if (/^\S+@\S+\.\S+$/.test(word) || /^https?:\/\//.test(word)) continue;
    if (/[\u0D80-\u0DFF]/.test(word)) found.add(word);
    for (const latin of word.match(/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*/g) ?? []) {
      if (!ALLOWED.some(([pattern]) => pattern.test(latin))) found.add(latin);
    }
  }
  return [...found];
}

describe("Tamil pages", () => {
  it("the scan can fail: Sinhala and English words are found", () => {
    expect(
      offending(["கடன்", "ණය", "loan", "NayaCompare", "Rs.", "5,000", "help@nayacompare.lk"]),
    ).toEqual(["ණය", "loan"]);
  });

  it("read in Tamil, but for names and the allowed words", { timeout: 600_000 }, async () => {
    const context = await browser.newContext({
      locale: "ta-LK",
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    expect(paths.length).toBeGreaterThan(30);
    const leaks: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      if (!path.includes("/partner/portal/") && !path.includes("no-such-page")) {
        await page.waitForSelector("html[data-hydrated='true']");
      }
      expect(await page.getAttribute("html", "lang"), path).toBe("ta");
      const found = offending(await tamilWords(page));
      if (found.length) leaks[path] = found;
    }
    await context.close();
    if (Object.keys(leaks).length) console.log(JSON.stringify(leaks));
    expect(leaks).toEqual({});
  });
});
