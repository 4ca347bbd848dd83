import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExamplesServer } from "../../scripts/serve-examples.mjs";
import { launchBrowser, watchConsole } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let examples: Server;
let examplesUrl: string;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  examples = createExamplesServer({ widgetOrigin: server.url });
  await new Promise<void>((resolve) => examples.listen(0, "127.0.0.1", resolve));
  // 127.0.0.1 and another port: a different origin from the product's localhost.
  examplesUrl = `http://127.0.0.1:${(examples.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => examples?.close(resolve));
  await server?.stop();
});

describe("the widget on a partner's page", () => {
  it("is served to any origin", async () => {
    const response = await fetch(`${server.url}/widget/v1/loan-widget.js`, {
      headers: { Origin: "https://partner.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
  });

  it("renders <loan-calculator> in an open shadow root, in the page's and the element's language", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${examplesUrl}/index.html`);
    await page.locator("loan-calculator .lw-amount").first().waitFor();

    const rendered = await page.evaluate(() =>
      [...document.querySelectorAll("loan-calculator")].map((element) => ({
        mode: element.shadowRoot?.mode,
        label: element.shadowRoot?.querySelector("label")?.textContent,
        amount: element.shadowRoot?.querySelector(".lw-amount")?.textContent,
        styleSheets: element.shadowRoot?.adoptedStyleSheets.length,
      })),
    );
    expect(rendered).toEqual([
      { mode: "open", label: "Loan amount", amount: "Rs. 75,000", styleSheets: 1 },
      { mode: "open", label: "ණය මුදල", amount: "Rs. 50,000", styleSheets: 1 },
    ]);

    await page.getByRole("slider").first().focus();
    await page.keyboard.press("ArrowRight");
    await page.locator("loan-calculator .lw-amount", { hasText: "Rs. 76,000" }).waitFor();

    expect(problems).toEqual([]);
    await page.close();
  });

  it("leaves no global behind and survives being included twice", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${examplesUrl}/index.html`);
    await page.waitForFunction(() => customElements.get("loan-calculator") !== undefined);
    const before = await page.evaluate(() => Object.getOwnPropertyNames(window));
    await page.addScriptTag({ url: `${server.url}/widget/v1/loan-widget.js` });
    const after = await page.evaluate(() => Object.getOwnPropertyNames(window));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    expect(await page.locator("loan-calculator .lw-amount").count()).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });
});
