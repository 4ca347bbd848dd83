import type { Browser, Page } from "playwright";
import { describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import {
  acceptRequiredConsents,
  fillApplication,
  fillApplicationInAnyLanguage,
  nextStep,
  typedBirthDate,
} from "../support/application-form";
import { axeViolations, launchBrowser, openHydrated, watchConsole } from "../support/browser";
import { continueToLender } from "../support/clickout";
import { codeSentTo, sentTo } from "../support/outbox";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";

/**
 * The application form (issue 5) in Chromium against the built server:
 * prefill, the two versions, localized checks, masks, and a real submission
 * that asks for the code sent by SMS (issue 14, read from the server's
 * outbox) and lands on the offers.
 */
let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

const open = (page: Page, path: string) => openHydrated(page, server.url, path);

/** The application endpoint, whatever the query (the form sends its language). */
const APPLICATIONS = /\/api\/applications(\?|$)/;

describe("the application form", () => {
  it("starts from the link's amount, period and purpose", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?amount=20000&period=120&purpose=medical");
    expect(await page.locator('[data-figure="amount"]').textContent()).toBe("Rs. 20,000");
    expect(await page.getByRole("slider").nth(1).getAttribute("aria-valuetext")).toContain(
      "120 days",
    );
    expect(await page.getByLabel("What is the loan for?").inputValue()).toBe("medical");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows version 2 as one page with every field, the same from the server", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const problems = watchConsole(page);
    const html = await (await fetch(`${server.url}/en/application/?ver=2`)).text();
    for (const label of ["Full name", "NIC number", "Monthly income (Rs.)", "Your consent"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain("<noscript>");
    await open(page, "/en/application/?ver=2");
    for (const label of ["Full name", "NIC number", "Date of birth", "District you live in"]) {
      expect(await page.getByLabel(label).isVisible(), label).toBe(true);
    }
    expect(await page.getByRole("progressbar").count()).toBe(0);
    expect(await page.getByRole("button", { name: "See my offers" }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("says without JavaScript that the form needs it, and cannot be sent", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/application/`);
    // Playwright's text matching skips <noscript>: look at the element itself.
    const note = page.locator("noscript > p.notice");
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain("This form needs JavaScript");
    // The server's render is the steps' first (0371): what the browser shows once hydrated.
    expect(await page.getByText("Step 1 of 4").isVisible()).toBe(true);
    expect(await page.getByLabel("What is the loan for?").isVisible()).toBe(true);
    expect(await page.getByLabel("NIC number").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("shows version 3 as steps from ?ver=3, and remembers it for the session", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/reg2/?ver=3");
    await page.getByText("Step 1 of 4").waitFor();
    expect(await page.getByRole("progressbar", { name: "Step 1 of 4" }).count()).toBe(1);
    expect(await page.getByLabel("NIC number").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem("reg_version"))).toBe("3");

    // A step is checked before the next: its problems in a summary that takes focus.
    await page.getByRole("button", { name: "Next" }).click();
    await page
      .locator("#application-purpose-error")
      .filter({ hasText: "This field is required" })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-summary");
    await page.getByLabel("What is the loan for?").selectOption("rent");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Step 2 of 4").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("About you");
    expect(await page.getByLabel("NIC number").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Step 1 of 4").waitFor();

    // Later in the session, a link without ver shows the steps too.
    await open(page, "/en/application/");
    await page.getByText("Step 1 of 4").waitFor();
    expect(await page.getByLabel("NIC number").isVisible()).toBe(false);
    // ?ver=2 switches back and is remembered in its turn.
    await open(page, "/en/application/?ver=2");
    expect(await page.evaluate(() => sessionStorage.getItem("reg_version"))).toBe("2");
    expect(await page.getByLabel("NIC number").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["/en/application/", "Please correct the following", "What is the loan for?"],
    ["/application/", "කරුණාකර පහත දෑ නිවැරදි කරන්න", "ණය මුදල කුමකටද?"],
    ["/ta/application/", "பின்வருவனவற்றைத் திருத்துங்கள்", "கடன் எதற்காக?"],
  ])(
    "is four steps from the server, Next naming only the step's own fields, axe clean (%s)",
    { timeout: 90_000 },
    async (path, title, purposeLabel) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      const problems = watchConsole(page);
      // The server's HTML is the first step already (no full form collapsed after load).
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toMatch(/<progress[^>]*max="4"[^>]*value="1"|value="1"[^>]*max="4"/);
      expect((html.match(/<fieldset class="application-group" hidden=""/g) ?? []).length).toBe(3);
      await open(page, path);
      // Each field says why it is asked (0370).
      expect(await page.locator("#application-purpose-hint .field-why").count()).toBe(1);
      await page.locator("button.application-submit").click();
      const summary = page.getByRole("region", { name: title });
      await summary.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-summary");
      // Only step 1's field: never a field of a later step (issue 32 saw all twelve).
      expect(await summary.getByRole("link").allTextContents()).toEqual([purposeLabel]);
      expect(await page.locator(".field-error").count()).toBe(1);
      expect(await axeViolations(page), `${path} step 1 with errors`).toEqual([]);

      await page.locator("#application-purpose").selectOption("rent");
      for (const step of [1, 2, 3]) {
        await page.locator("button.application-submit").click();
        await page.locator(`#application-step-${step + 1}-title`).waitFor();
        expect(await summaryLinks(page), `${path} after step ${step}`).toEqual([]);
        expect(await axeViolations(page), `${path} step ${step + 1}`).toEqual([]);
        // Touch targets: every button, box, radio button and field of the step is 44 px tall.
        const small = await page
          .locator(
            "fieldset.application-group:not([hidden]) :is(input, select), .application-actions button",
          )
          .evaluateAll((elements) =>
            elements
              .map((element) => {
                const box = (element.closest("label") ?? element).getBoundingClientRect();
                return { name: element.getAttribute("name") ?? element.textContent, h: box.height };
              })
              .filter(({ h }) => h < 44),
          );
        expect(small, `${path} step ${step + 1}`).toEqual([]);
        // Next on an empty step names its own fields only.
        await page.locator("button.application-submit").click();
        await summary.waitFor();
        const fields = step === 3 ? 2 : step === 1 ? 5 : 4;
        expect(await summaryLinks(page), `${path} step ${step + 1}`).toHaveLength(
          step === 3 ? 1 : fields,
        );
        expect(await page.locator(".field-error").count()).toBe(fields);
        if (step < 3) await fillStep(page, step + 1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it.each([
    [
      "/application/",
      "ජාතික හැඳුනුම්පත් අංකය",
      "වලංගු ජාතික හැඳුනුම්පත් අංකයක් ඇතුළත් කරන්න (ඉලක්කම් 9ක් සහ V හෝ X, නැතහොත් ඉලක්කම් 12ක්)",
    ],
    [
      "/en/application/",
      "NIC number",
      "Enter a valid NIC number (9 digits and V or X, or 12 digits)",
    ],
  ])("says a wrong NIC is wrong in the page's language (%s)", async (route, label, message) => {
    const path = `${route}?ver=2`;
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await open(page, path);
    const nic = page.getByLabel(label);
    await nic.fill("12345");
    await nic.blur();
    // Issue 17: the message is under the field and read with it, not an alert of its own.
    const error = page.locator("#application-nic-error");
    await error.filter({ hasText: message }).waitFor();
    expect(await error.getAttribute("role")).toBeNull();
    expect(await nic.getAttribute("aria-invalid")).toBe("true");
    expect(await nic.getAttribute("aria-describedby")).toContain("application-nic-error");
    // Corrected, the message goes as it is typed.
    await nic.fill("853400937v");
    await error.waitFor({ state: "detached" });
    expect(await nic.inputValue()).toBe("853400937V");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("formats a mobile number as it is typed", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await open(page, "/application/?ver=2");
    const phone = page.getByLabel("ජංගම දුරකථන අංකය");
    await phone.pressSequentially("0771234567");
    expect(await phone.inputValue()).toBe("077 123 4567");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens from a page of the app inside it, its own script loaded on the way", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    // The about page is React's app; the home page is islands, whose links load in full (0271).
    await open(page, "/en/about/");
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.locator('a[href^="/en/application/"]').first().click();
    await page.waitForURL(/\/en\/application\/$/);
    await page.getByText("Step 1 of 4").waitFor();
    await page.getByLabel("What is the loan for?").selectOption("rent");
    await page.getByRole("button", { name: "Next" }).click();
    // The next step's title takes the focus as the step shows; typing starts after, as a person's would.
    await page.locator("#application-step-2-title:focus").waitFor();
    const phone = page.getByLabel("Mobile number");
    await phone.pressSequentially("0771234567");
    expect(await phone.inputValue()).toBe("077 123 4567");
    // No full load: the about page's window is still there.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(scripts.some((script) => /\/assets\/ApplicationPage-[\w-]+\.js$/.test(script))).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ["/en/application/", "Please correct the following", "NIC number"],
    ["/application/", "කරුණාකර පහත දෑ නිවැරදි කරන්න", "ජාතික හැඳුනුම්පත් අංකය"],
  ])(
    "lists every problem of an empty submit on one page in a short summary that takes focus (%s)",
    async (route, title, nicLabel) => {
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      const problems = watchConsole(page);
      await open(page, `${route}?ver=2`);
      await page.locator("button.application-submit").click();
      const summary = page.getByRole("region", { name: title });
      await summary.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-summary");
      // Issue 17: one link a field (the three consents are one), each field's message under it
      // and none of them an alert; at most one live region on the page (the calculator's
      // period, an <output>), as before the submit.
      expect(await summary.getByRole("link").count()).toBe(11);
      expect(await page.locator(".field-error").count()).toBe(12);
      expect(
        await page.locator('[role="alert"], [role="status"], [aria-live], output').count(),
      ).toBeLessThanOrEqual(1);
      // Short: no more than half a phone's screen (it was 700 px).
      const height = (await summary.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      expect(height).toBeLessThanOrEqual(320);
      await summary.getByRole("link", { name: nicLabel, exact: true }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-nic");
      expect(new URL(page.url()).hash).toBe("");
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("keeps what was typed when the service is busy or unreachable", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?ver=2");
    await fillApplication(page);
    await acceptRequiredConsents(page);

    await page.route(APPLICATIONS, (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "rate_limited", message: "Too many requests" } }),
      }),
    );
    await page.getByRole("button", { name: "See my offers" }).click();
    await page.getByRole("alert").filter({ hasText: "Please wait a minute" }).waitFor();

    await page.unroute(APPLICATIONS);
    await page.route(APPLICATIONS, (route) => route.abort("connectionfailed"));
    await page.getByRole("button", { name: "See my offers" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "everything you typed is still here" })
      .waitFor();
    expect(await page.getByLabel("NIC number").inputValue()).toBe("853400937V");

    // A 400 from the server shows on its fields, in the page's language.
    await page.unroute(APPLICATIONS);
    await page.route(APPLICATIONS, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "invalid_application",
            message: "The application is not valid.",
            fields: { "consents.terms": "You must accept the terms and the privacy policy" },
          },
        }),
      }),
    );
    await page.getByRole("button", { name: "See my offers" }).click();
    await page
      .getByRole("region", { name: "Please correct the following" })
      .getByRole("link", { name: "Your consent", exact: true })
      .waitFor();
    expect(await page.locator("#application-consents-terms-error").textContent()).toBe(
      "You must accept the terms and the privacy policy",
    );
    expect(
      await page
        .getByRole("checkbox", { name: /I have read and accept/ })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    // Chromium reports each answer it mocked as a failed load; nothing else may fail.
    const mocked =
      /Failed to load resource: .*(429|400|ERR_CONNECTION_FAILED).*\/api\/applications/;
    expect(problems.filter((line) => !mocked.test(line))).toEqual([]);
    await page.close();
  });

  it("passes axe on a phone, in both versions and languages, errors shown", {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    for (const prefix of ["", "/en"]) {
      for (const route of ["/application/", "/reg/", "/reg2/"]) {
        for (const ver of ["2", "3"]) {
          const path = `${prefix}${route}?ver=${ver}`;
          await open(page, path);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            path,
          ).toBeLessThanOrEqual(360);
          expect(await axeViolations(page), path).toEqual([]);
          // With every problem shown: the summary, and each field's message.
          await page.locator("button[type=submit]").click();
          await page.locator("#application-summary, .field-error").first().waitFor();
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            path,
          ).toBeLessThanOrEqual(360);
          expect(await axeViolations(page), `${path} with errors`).toEqual([]);
        }
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends one application and one SMS when the answer is lost and the connection cut (0475)", {
    timeout: 60_000,
  }, async () => {
    const phone = "0771000131";
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?ver=2");
    await fillApplication(page, phone);
    await acceptRequiredConsents(page);
    const keys: string[] = [];
    page.on("request", (request) => {
      if (APPLICATIONS.test(request.url())) keys.push(request.headers()["idempotency-key"] ?? "");
    });
    // The server gets the application and answers; the answer is lost, and the phone goes
    // offline: the hard case.
    await page.route(APPLICATIONS, async (route) => {
      await route.fetch();
      await context.setOffline(true);
      await route.abort("connectionfailed");
    });
    await page.getByRole("button", { name: "See my offers" }).click();
    await page.getByRole("alert").filter({ hasText: "We could not reach our server" }).waitFor();
    expect(await page.getByLabel("NIC number").inputValue()).toBe("853400937V");
    expect(await page.getByLabel("Mobile number").inputValue()).toBe("077 100 0131");
    await page.unroute(APPLICATIONS);
    // Back online: the same request again, with the same key; the server answers the first's.
    await context.setOffline(false);
    await page.getByRole("heading", { name: "Enter the code we sent you" }).waitFor();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    const code = await codeSentTo(server, phone);
    expect(sentTo(server, phone).filter((message) => message.channel === "sms")).toHaveLength(1);

    // The code entry too: offline when the sixth digit sends it, then back.
    await context.setOffline(true);
    await page.getByLabel("Code from the SMS").fill(code);
    await page.getByRole("alert").filter({ hasText: "Your code is kept" }).waitFor();
    await context.setOffline(false);
    await page.waitForURL(`${server.url}/en/offers/`);
    expect((await context.cookies()).some((cookie) => cookie.name === "lead")).toBe(true);
    expect(sentTo(server, phone).filter((message) => message.channel === "sms")).toHaveLength(1);
    const offline = /Failed to load resource: .*ERR_(CONNECTION_FAILED|INTERNET_DISCONNECTED)/;
    expect(problems.filter((line) => !offline.test(line))).toEqual([]);
    await context.close();
  });

  it("sends a valid application as JSON, asks for the code and lands on the offers", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?amount=20000&period=120&partner=p1&sub1=s1");
    await fillApplication(page);
    await acceptRequiredConsents(page);

    const sent = page.waitForRequest(APPLICATIONS);
    await page.getByRole("button", { name: "See my offers" }).click();
    const request = await sent;
    expect(new URL(request.url()).search).toBe("?lang=en");
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.postDataJSON()).toEqual({
      ...validApplication,
      amount: 20_000,
      term: 120,
      nic: "853400937V",
      // An e-mail field drops the spaces around its value.
      email: validApplication.email.trim(),
      partner: "p1",
      sub1: "s1",
      // The link's codes are also the visit's marketing attribution (issue 6).
      traffic_type: "affiliate",
    });
    // Issue 14: the code step, not the offers yet, and no lead cookie before the code.
    await page.getByRole("heading", { name: "Enter the code we sent you" }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === "lead")).toBe(false);
    // The sixth digit sends the code by itself (0374).
    await page
      .getByLabel("Code from the SMS")
      .fill(await codeSentTo(server, validApplication.phone));
    await page.waitForURL(`${server.url}/en/offers/`);
    await page.waitForSelector("html[data-hydrated='true']");
    expect((await context.cookies()).some((cookie) => cookie.name === "lead")).toBe(true);
    expect(await page.textContent("h1")).toBe("Thank you! Here are your offers");
    await page.getByRole("heading", { name: /offers? matching you/ }).waitFor();

    // The click-out: /go/{offerId} records the click and sends the visitor to the
    // lender with the click id and the partner's sub id (the lender is faked here).
    await context.route("https://*.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Lender</title>" }),
    );
    const cta = page.locator("a.lw-cta").first();
    expect(await cta.getAttribute("href")).toMatch(/^\/go\/\d+$/);
    // Our click-out page in place (issue 32); it opens the lender in a new tab (issue 15) and
    // stays, with its link back to the offers.
    await cta.click();
    const tab = await continueToLender(page);
    await tab.waitForURL(/\.example\/apply\?/);
    expect(await page.getAttribute("a.clickout-back", "href")).toBe("/en/offers/");
    const lender = new URL(tab.url());
    expect(lender.searchParams.get("click_id")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(lender.searchParams.get("sub1")).toBe("s1");
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The error summary's links, none when it is not shown. */
async function summaryLinks(page: Page): Promise<string[]> {
  return page.locator("#application-summary a").allTextContents();
}

/** Step 2 or 3 of the form filled in any language (by the fields' ids). */
async function fillStep(page: Page, step: 2 | 3 | number): Promise<void> {
  const field = (name: string) => page.locator(`#application-${name}`);
  if (step === 2) {
    await field("fullName").fill(validApplication.fullName);
    await field("nic").fill(validApplication.nic);
    await field("phone").fill("0771000109");
    await field("email").fill(validApplication.email);
  } else {
    await field("monthlyIncome").fill(String(validApplication.monthlyIncome));
    await page.locator('input[name="employment"][value="salaried"]').check();
    await field("bank").selectOption(validApplication.bank);
    await field("district").selectOption(validApplication.district);
  }
}

/** Issue 17's less typing, in each language: the NIC fills the date of birth, written dd/mm/yyyy. */
const NIC_DATE = {
  en: {
    path: "/en/application/?ver=2",
    filled: "Date of birth filled in from your NIC number: 05/12/1985.",
    dateMismatch: "This date is not the birth date in your NIC number",
    nicMismatch: "The NIC number does not match your date of birth",
    tooYoung: "You must be at least 18 to apply",
    hint: "Day/month/year, for example 05/12/1985",
  },
  si: {
    path: "/application/?ver=2",
    filled: "ඔබේ ජාතික හැඳුනුම්පත් අංකයෙන් උපන් දිනය පුරවන ලදී: 05/12/1985.",
    dateMismatch: "මෙම දිනය ඔබේ ජාතික හැඳුනුම්පත් අංකයේ ඇති උපන් දිනය නොවේ",
    nicMismatch: "ජාතික හැඳුනුම්පත් අංකය ඔබේ උපන් දිනයට නොගැළපේ",
    tooYoung: "අයදුම් කිරීමට ඔබට අවම වශයෙන් වයස අවුරුදු 18ක් විය යුතුය",
    hint: "දිනය/මාසය/වර්ෂය, උදාහරණයක් ලෙස 05/12/1985",
  },
} as const;

describe("the NIC and the date of birth", () => {
  it.each(["en", "si"] as const)(
    "fills the date from the NIC as it is typed, dd/mm/yyyy, and says a mismatch at once where it is (%s)",
    async (locale) => {
      const text = NIC_DATE[locale];
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      const problems = watchConsole(page);
      await open(page, text.path);
      const nic = page.locator("#application-nic");
      const date = page.locator("#application-birthDate");
      const status = page.locator('[role="status"]');
      const nicError = page.locator("#application-nic-error");
      const dateError = page.locator("#application-birthDate-error");

      // A text field that reads dd/mm/yyyy in both languages, not the browser's date field.
      expect(await date.getAttribute("type")).toBe("text");
      expect(await date.getAttribute("inputmode")).toBe("numeric");
      expect(await page.locator("#application-birthDate-hint").textContent()).toContain(text.hint);
      expect(await date.getAttribute("aria-describedby")).toBe("application-birthDate-hint");

      // The old format (9 digits and V): the date appears once the number is whole.
      await nic.pressSequentially("85340093");
      expect(await date.inputValue()).toBe("");
      await nic.pressSequentially("7v");
      await expect.poll(() => date.inputValue()).toBe("05/12/1985");
      await status.filter({ hasText: text.filled }).waitFor();

      // The visitor changes the date: the mismatch shows on the date, at once, no submit.
      await date.fill("");
      await date.pressSequentially("06121985");
      expect(await date.inputValue()).toBe("06/12/1985");
      await dateError.filter({ hasText: text.dateMismatch }).waitFor();
      expect(await date.getAttribute("aria-invalid")).toBe("true");
      expect(await date.getAttribute("aria-describedby")).toContain("application-birthDate-error");
      expect(await nicError.count()).toBe(0);
      // Put right, it goes as it is typed.
      await date.fill("05/12/1985");
      await dateError.waitFor({ state: "detached" });
      expect(await date.getAttribute("aria-invalid")).toBeNull();

      // The date was typed: a new NIC (the new format) is compared with it, and the
      // mismatch shows on the NIC, the field being changed; fixing the date clears it.
      await nic.fill("198534100937");
      await nicError.filter({ hasText: text.nicMismatch }).waitFor();
      expect(await dateError.count()).toBe(0);
      expect(await date.inputValue()).toBe("05/12/1985");
      await date.fill("6/12/1985");
      expect(await date.inputValue()).toBe("06/12/1985");
      await nicError.waitFor({ state: "detached" });
      expect(await dateError.count()).toBe(0);

      // The age rule as soon as the NIC gives the date: born in November 2010 is too young.
      await date.fill("");
      await nic.fill("201032512345");
      // Day 325 with February as 29 days is 20 November.
      await expect.poll(() => date.inputValue()).toBe("20/11/2010");
      await dateError.filter({ hasText: text.tooYoung }).waitFor();
      await nic.fill("853400937V");
      await expect.poll(() => date.inputValue()).toBe("05/12/1985");
      await dateError.waitFor({ state: "detached" });
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});

/** Applies in English with this phone and lands on the offers page, its code entered. */
async function applyAndSeeOffers(page: Page, phone: string): Promise<void> {
  await open(page, "/en/application/?ver=2");
  await fillApplication(page, phone);
  await acceptRequiredConsents(page);
  await page.getByRole("button", { name: "See my offers" }).click();
  await page.getByLabel("Code from the SMS").fill(await codeSentTo(server, phone));
  await page.waitForURL(`${server.url}/en/offers/`);
  await page.waitForSelector("html[data-hydrated='true']");
}

/** The answers of fillApplication as the form shows them again. */
async function expectFilled(page: Page, phone: string): Promise<void> {
  const field = (name: string) => page.locator(`#application-${name}`);
  expect(await field("purpose").inputValue()).toBe(validApplication.purpose);
  expect(await field("fullName").inputValue()).toBe("Kamal Perera");
  expect(await field("nic").inputValue()).toBe("853400937V");
  expect(await field("birthDate").inputValue()).toBe(typedBirthDate);
  expect(await field("phone").inputValue()).toBe(phone);
  expect(await field("email").inputValue()).toBe("kamal.perera@example.lk");
  expect(await field("monthlyIncome").inputValue()).toBe(String(validApplication.monthlyIncome));
  expect(await page.locator('input[name="employment"][value="salaried"]').isChecked()).toBe(true);
  expect(await field("bank").inputValue()).toBe(validApplication.bank);
  expect(await field("district").inputValue()).toBe(validApplication.district);
  // Consent is given anew for each application: never ticked for the visitor.
  expect(await field("consents-terms").isChecked()).toBe(false);
  expect(await field("consents-shareWithLenders").isChecked()).toBe(false);
}

describe("coming back to the application", () => {
  it("keeps the answers on back from the offers and on the application page, until Start again", {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const phone = "077 100 0105";
    await applyAndSeeOffers(page, phone);

    // Back: the page is asked for again (nothing of it is stored) and comes back filled.
    const [back] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === "/en/application/"),
      page.goBack(),
    ]);
    expect(back.headers()["cache-control"]).toBe("private, no-store");
    await page.waitForSelector("html[data-hydrated='true']");
    await expectFilled(page, phone);
    expect(new URL(page.url()).search).toBe("?ver=2");
    await page.getByText("We have filled in the answers you gave a few minutes ago").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // "Edit my application" (the page's address, no query), in either language.
    await open(page, "/en/application/");
    await expectFilled(page, phone);
    await open(page, "/application/");
    await expectFilled(page, phone);
    await page.getByText("ඔබ මිනිත්තු කිහිපයකට පෙර ලබා දුන් පිළිතුරු").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Sent again (the consents ticked anew), it is a repeat application: a new code.
    for (const step of [1, 2, 3]) await nextStep(page, step);
    await page.locator("#application-consents-terms").check();
    await page.locator("#application-consents-shareWithLenders").check();
    await page.locator("button.application-submit").click();
    await page.getByRole("heading", { name: "අපි එවූ කේතය ඇතුළත් කරන්න" }).waitFor();
    await page.getByLabel("SMS එකේ ඇති කේතය").fill(await codeSentTo(server, phone, 2));
    await page.waitForURL(`${server.url}/offers/`);

    // Start again empties the form, here and for whoever opens it next in this browser.
    await open(page, "/en/application/");
    await page.getByRole("button", { name: "Start again" }).click();
    for (const name of ["fullName", "nic", "birthDate", "phone", "email", "monthlyIncome"]) {
      expect(await page.locator(`#application-${name}`).inputValue(), name).toBe("");
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-step-1-title");
    expect(await page.getByRole("button", { name: "Start again" }).count()).toBe(0);
    await open(page, "/en/application/");
    expect(await page.locator("#application-nic").inputValue()).toBe("");
    expect(await page.locator("#application-fullName").inputValue()).toBe("");
    // The offers stay the visitor's.
    await open(page, "/en/offers/");
    expect(await page.textContent("h1")).toBe("Thank you! Here are your offers");
    expect(problems).toEqual([]);
    await context.close();
  });

  // The page is never stored, so Chromium asks for it again even with its back-forward cache
  // on; a browser that kept it whole would show the form too (the pageshow handler).
  it("shows the form, not the code step, on back with the back-forward cache on", {
    timeout: 60_000,
  }, async () => {
    const cachingBrowser = await launchBrowser({ backForwardCache: true });
    try {
      const page = await cachingBrowser.newPage();
      const problems = watchConsole(page);
      const phone = "077 100 0106";
      await applyAndSeeOffers(page, phone);
      await page.goBack();
      await page.locator("#application-nic").waitFor();
      await expectFilled(page, phone);
      expect(await page.getByRole("heading", { name: "Enter the code we sent you" }).count()).toBe(
        0,
      );
      expect(problems).toEqual([]);
    } finally {
      await cachingBrowser.close();
    }
  });

  it("never puts the answers in the page for a browser without the lead", async () => {
    const html = await (await fetch(`${server.url}/en/application/`)).text();
    expect(html).not.toContain("Kamal");
    expect(html).not.toContain("We have filled in the answers");
  });
});

/** The messages the code step shows, in each language. */
const CODE_STEP = {
  en: {
    path: "/en/application/?ver=2",
    title: "Enter the code we sent you",
    label: "Code from the SMS",
    wrong: "That is not the code we sent. Tries left: 4.",
    wait: /You can ask for a new code in \d+:\d\d\./,
    resend: "Send a new code",
    sentTo: "We sent a six-digit code by SMS to 077\u00a0100\u00a0",
    offers: "Thank you! Here are your offers",
  },
  si: {
    path: "/application/?ver=2",
    title: "අපි එවූ කේතය ඇතුළත් කරන්න",
    label: "SMS එකේ ඇති කේතය",
    wrong: "එය අපි එවූ කේතය නොවේ. ඉතිරි උත්සාහයන්: 4.",
    wait: /නව කේතයක් ඉල්ලීමට තව \d+:\d\d රැඳී සිටින්න\./,
    resend: "නව කේතයක් එවන්න",
    sentTo: "අපි 077\u00a0100\u00a0",
    offers: "ස්තූතියි! මෙන්න ඔබේ දීමනා",
  },
} as const;

/** Chromium reports each 4xx answer as a failed load; the code step's wrong code is one. */
const CODE_ANSWERS = /Failed to load resource: .*(400|429).*/;

describe("the code step", () => {
  it.each([
    ["en", "0771000101"],
    ["si", "0771000102"],
  ] as const)(
    "asks for the SMS code on a phone (%s): autofill, a wrong code, the resend wait",
    {
      timeout: 60_000,
    },
    async (locale, phone) => {
      const text = CODE_STEP[locale];
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      // The page's clock runs as usual until the test moves it past the resend wait.
      await page.clock.install();
      await open(page, text.path);
      await fillApplicationInAnyLanguage(page, phone);
      await page.locator("button.application-submit").click();

      await page.getByRole("heading", { name: text.title }).waitFor();
      const code = page.getByLabel(text.label);
      expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await code.getAttribute("inputmode")).toBe("numeric");
      // The caret is in the field, and the field says where the code went.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("verification-code");
      expect(await page.locator("section.verification").textContent()).toContain(text.sentTo);
      await page.getByText(text.wait).waitFor();
      expect(await page.getByRole("button", { name: text.resend }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(await axeViolations(page)).toEqual([]);

      // The sixth digit sends the code by itself, once (0374): a wrong code is not sent again
      // until it is changed; a pasted code with spaces is its digits.
      const checks: string[] = [];
      page.on("request", (request) => {
        if (/\/verification$/.test(new URL(request.url()).pathname)) checks.push(request.method());
      });
      const right = await codeSentTo(server, phone);
      const wrong = right === "000000" ? "000001" : "000000";
      await code.pressSequentially(wrong.slice(0, 5));
      expect(checks).toEqual([]);
      await code.pressSequentially(wrong.slice(5));
      await page.getByRole("alert").filter({ hasText: text.wrong }).waitFor();
      expect(checks).toEqual(["POST"]);
      expect(await code.inputValue()).toBe(wrong);
      expect(await code.getAttribute("aria-invalid")).toBe("true");
      expect(await code.getAttribute("aria-describedby")).toMatch(/-error/);
      expect(await axeViolations(page)).toEqual([]);

      // Past the wait, a new code may be asked for; the wait then shows again.
      await page.clock.fastForward(31_000);
      await page.getByRole("button", { name: text.resend }).click();
      await page.getByText(text.wait).waitFor();
      // The wrong code was not sent again meanwhile; the newest, pasted, goes by itself.
      expect(checks).toEqual(["POST"]);
      const newest = await codeSentTo(server, phone);
      await code.fill(`${newest.slice(0, 3)} ${newest.slice(3)}`);
      await page.getByRole("heading", { name: text.offers }).waitFor();
      expect(checks).toEqual(["POST", "POST"]);
      expect(problems.filter((line) => !CODE_ANSWERS.test(line))).toEqual([]);
      await context.close();
    },
  );

  it("takes the code the browser gives (WebOTP) and sends it; a submit by hand aborts the wait", {
    timeout: 60_000,
  }, async () => {
    // A browser with WebOTP, as Chrome on Android is: the page's request is answered (or not)
    // by the test, which sees its options and whether it was aborted.
    const webOtp = () => {
      const w = window as unknown as {
        OTPCredential: unknown;
        otpAsked: unknown[];
        otpAborted: boolean;
        giveOtp: (code: string) => void;
      };
      w.OTPCredential = class {};
      w.otpAsked = [];
      w.otpAborted = false;
      navigator.credentials.get = (options?: CredentialRequestOptions) =>
        new Promise((resolve, reject) => {
          w.otpAsked.push((options as { otp?: unknown }).otp);
          options?.signal?.addEventListener("abort", () => {
            w.otpAborted = true;
            reject(new DOMException("aborted", "AbortError"));
          });
          w.giveOtp = (code) => resolve({ code, type: "otp" } as unknown as Credential);
        });
    };
    const applyTo = async (phone: string) => {
      const context = await browser.newContext();
      await context.addInitScript(webOtp);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await open(page, "/en/application/?ver=2");
      await fillApplication(page, phone);
      await acceptRequiredConsents(page);
      await page.getByRole("button", { name: "See my offers" }).click();
      await page.getByLabel("Code from the SMS").waitFor();
      await page.waitForFunction(() => (window as { otpAsked?: unknown[] }).otpAsked?.length === 1);
      expect(await page.evaluate(() => (window as { otpAsked?: unknown[] }).otpAsked)).toEqual([
        { transport: ["sms"] },
      ]);
      return { context, page, problems };
    };

    // The browser gives the code from the SMS: it is entered and sent without a tap.
    const given = await applyTo("0771000106");
    const code = await codeSentTo(server, "0771000106");
    await given.page.evaluate((value) => {
      (window as unknown as { giveOtp: (code: string) => void }).giveOtp(value);
    }, code);
    await given.page.waitForURL(`${server.url}/en/offers/`);
    expect(given.problems).toEqual([]);
    await given.context.close();

    // Typed and confirmed by hand: the wait for the browser's code ends.
    const typed = await applyTo("0771000107");
    await typed.page.getByLabel("Code from the SMS").fill("12");
    await typed.page.getByRole("button", { name: "Confirm" }).click();
    await typed.page.waitForFunction(() => (window as { otpAborted?: boolean }).otpAborted);
    await typed.page.getByRole("alert").filter({ hasText: "Enter the six digits" }).waitFor();
    expect(typed.problems).toEqual([]);
    await typed.context.close();
  });

  it("lets the visitor go back to correct the number", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?ver=2");
    await fillApplication(page, "0771000103");
    await acceptRequiredConsents(page);
    await page.getByRole("button", { name: "See my offers" }).click();
    await page.getByRole("button", { name: "Wrong number? Change your details" }).click();
    const phone = page.getByLabel("Mobile number");
    await phone.waitFor();
    expect(await phone.inputValue()).toBe("077 100 0103");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("application-phone");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is what the offers page asks for while the application waits for its code", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await open(page, "/en/application/?ver=2");
    await fillApplication(page, "0771000104");
    await acceptRequiredConsents(page);
    await page.getByRole("button", { name: "See my offers" }).click();
    await page.getByRole("heading", { name: "Enter the code we sent you" }).waitFor();

    // The visitor leaves for the offers page before entering the code.
    for (const [path, title] of [
      ["/en/offers/", "Enter the code we sent you"],
      ["/offers/", "අපි එවූ කේතය ඇතුළත් කරන්න"],
    ] as const) {
      await open(page, path);
      expect(await page.textContent("h1")).toBe(title);
      expect(await page.locator("a.lw-cta").count()).toBe(0);
      expect(await page.locator("#verification-code").getAttribute("autocomplete")).toBe(
        "one-time-code",
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(360);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await open(page, "/en/offers/");
    await page.getByLabel("Code from the SMS").fill(await codeSentTo(server, "0771000104"));
    await page.getByRole("heading", { name: "Thank you! Here are your offers" }).waitFor();
    await page.getByRole("heading", { name: /offers? matching you/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
