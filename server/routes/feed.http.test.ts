import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import lk from "../feed/catalogues/lk.json";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";

let test: TestStorage;
let app: ReturnType<typeof appWith>;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage);
});

afterAll(async () => {
  await test.cleanup();
});

describe("GET /api/feed/config/:name", () => {
  it("answers the Sri Lankan catalogue to any origin, cacheable for a while", async () => {
    const res = await inject(app, { method: "GET", url: "/api/feed/config/lk" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.json()).toEqual(lk);
  });

  it.each(["zz", "LK", "lk.json", "..%2Flk", "a".repeat(300)])(
    "answers an unknown config name %s with a JSON 404",
    async (name) => {
      const res = await inject(app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toMatch(/^(unknown_feed_config|not_found)$/);
    },
  );
});
