import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";

let test: TestStorage;

beforeAll(async () => {
  test = await openTestSqlite();
});

afterAll(async () => {
  await test.cleanup();
});

describe("a page that fails to render", () => {
  it("answers the full-page error screen with 500, in the page's language, and logs the error", async () => {
    const lines: string[] = [];
    const app = appWith(test.storage, {
      log: createLogger("error", {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      }),
      renderPage: () => {
        throw new Error("the render broke");
      },
    });
    const res = await inject(app, { method: "GET", url: "/en/blog/" });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain("Something went wrong");
    expect(res.body).toContain('<meta name="robots" content="noindex" data-page-head>');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: "error",
        message: "page render failed",
        path: "/en/blog/",
        error_message: "the render broke",
      }),
    ]);
  });
});

describe("a path that starts with two slashes", () => {
  it("is a page address like any other, not the error page", async () => {
    const lines: string[] = [];
    const app = appWith(test.storage, {
      log: createLogger("error", {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      }),
    });
    for (const url of ["///", "//%ZZ/", "//evil.example/", "///en/?x=1"]) {
      const res = await inject(app, { method: "GET", url });
      expect([200, 404], url).toContain(res.statusCode);
      expect(res.body).toContain("<html lang=");
    }
    expect(lines).toEqual([]);
  });
});
