import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWith, openTestSqlite, type TestStorage, testSite } from "../test-support";

/** Issue 14: on a site public over https, HSTS and Secure cookies, whatever the request looked like. */
describe("a site public over https", () => {
  let test: TestStorage;
  beforeAll(async () => {
    test = await openTestSqlite();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  // A first visit to an article: its view call answers 204 and sets the client id cookie.
  const view = (origin: string) =>
    inject(appWith(test.storage, { site: { ...testSite, origin } }), {
      method: "POST",
      url: "/api/articles/how-much-emergency-savings-do-you-really-need/views",
      headers: { "content-type": "application/json" },
      payload: {},
    });

  it("sends HSTS and marks its cookies Secure on a plain-http request (behind a proxy)", async () => {
    const res = await view("https://nayacompare.test");
    expect(res.statusCode).toBe(204);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(String(res.headers["set-cookie"])).toMatch(/^client_id=[^;]+;.*; Secure$/);
  });

  it("sends neither on a site served over http (local development)", async () => {
    const res = await view("http://localhost:3000");
    expect(res.statusCode).toBe(204);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(String(res.headers["set-cookie"])).not.toContain("Secure");
  });
});
