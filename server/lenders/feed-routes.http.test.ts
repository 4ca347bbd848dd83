import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support";
import lk from "./catalogues/lk.json";

const context = setUpTestApp();

describe("GET /api/feed/config/:name", () => {
  it("answers the Sri Lankan catalogue to any origin, cacheable for a while", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/lk" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.json()).toEqual(lk);
  });

  it.each(["zz", "LK", "lk.json", "..%2Flk", "a".repeat(300)])(
    "answers an unknown config name %s with a JSON 404",
    async (name) => {
      const res = await inject(context.app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toMatch(/^(unknown_feed_config|not_found)$/);
    },
  );
});
