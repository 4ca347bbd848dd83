import type { Browser } from "playwright";
import { describe, expect, it } from "vitest";
import { watchConsole } from "../support/browser";
import { withServerAndBrowser } from "../support/server-and-browser";
import type { ServerProcess } from "../support/server-process";
import { signInThroughThePage, staffMember } from "../support/staff";

/**
 * Issue 7: script and HTML in a comment or review are shown as text, never
 * run — through the whole path: posted from a browser, approved by a
 * moderator in /admin/, read by another visitor.
 */
const SLUG = "smart-tips-to-save-money-from-your-salary";
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

let server: ServerProcess;
let browser: Browser;
withServerAndBrowser((both) => ({ server, browser } = both));

describe("moderation end to end", () => {
  it("posts an XSS payload, approves it in /admin/, and nothing executes anywhere", async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/en/${SLUG}/`);
    const posted = await visitor.evaluate(
      async ({ slug, payload }) => {
        const post = (url: string, body: object) =>
          fetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          });
        const comment = await post("/api/comments", {
          slug,
          locale: "en",
          name: "<b>Mallory</b>",
          email: "mallory@example.lk",
          text: payload,
          website: "",
        });
        const review = await post("/api/reviews", {
          locale: "en",
          name: "<i>Mallory</i>",
          email: "mallory@example.lk",
          text: `Great service! ${payload}`,
          rating: 5,
          website: "",
        });
        return [comment.status, review.status];
      },
      { slug: SLUG, payload: PAYLOAD },
    );
    expect(posted).toEqual([202, 202]);

    // The moderator signs in and approves both; the admin page itself must not run them.
    const moderator = await browser.newPage();
    const dialogs: string[] = [];
    moderator.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // A moderator's staff account (issue 16; the shared token's form is gone): the
    // moderation page sends them to sign in, then back to it.
    const account = await staffMember(server, {
      email: "e2e.moderator@nayacompare.test",
      role: "moderator",
    });
    await moderator.goto(`${server.url}/admin/moderation/`);
    await moderator.getByRole("heading", { name: "Sign in" }).waitFor();
    await signInThroughThePage(moderator, account);
    await moderator.getByRole("heading", { name: "Moderation", exact: true }).waitFor();
    expect(await moderator.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await moderator.textContent("body")).toContain(PAYLOAD);
    for (let approved = 0; approved < 2; approved++) {
      await moderator.getByRole("button", { name: "Approve" }).first().click();
      await moderator.getByRole("heading", { name: "Moderation", exact: true }).waitFor();
    }
    expect(await moderator.textContent("body")).toContain("Nothing is waiting.");

    // Another visitor reads the article and the home page.
    const reader = await browser.newPage();
    const problems = watchConsole(reader);
    reader.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of [`/en/${SLUG}/`, "/en/"]) {
      await reader.goto(`${server.url}${path}`);
      await reader.waitForSelector("html[data-hydrated='true']");
      expect(await reader.textContent("main"), path).toContain(PAYLOAD);
      expect(await reader.locator("main img[src='x']").count(), path).toBe(0);
      expect(
        await reader.evaluate(() => (window as { __xss?: number }).__xss),
        path,
      ).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await Promise.all([visitor.close(), moderator.close(), reader.close()]);
  });
});
