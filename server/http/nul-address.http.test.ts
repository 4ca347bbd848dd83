import express from "express";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { cookieValue } from "../../core/helpers/cookies";
import { refuseNulInAddress } from "./nul-address";

/** U+0000 before any route (decision 0340): an address is refused, a cookie is dropped. */
const app = express();
app.use(refuseNulInAddress);
app.use((req, res) => {
  res.json({
    lead: cookieValue(req.headers.cookie, "lead") ?? null,
    client: cookieValue(req.headers.cookie, "client_id") ?? null,
  });
});

describe("refuseNulInAddress", () => {
  it("refuses %00 in the path or the query with a 400 and the envelope", async () => {
    for (const url of ["/reviews/%00/image", "/a?b=%00", "/x%00y/", "/?q=a%00"]) {
      const res = await inject(app, { method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe("invalid_character");
    }
    // An escaped percent sign is text, not the character.
    expect((await inject(app, { method: "GET", url: "/a?b=%2500" })).statusCode).toBe(200);
  });

  it("drops a cookie whose value holds U+0000 and keeps the others", async () => {
    const res = await inject(app, {
      method: "GET",
      url: "/",
      headers: { cookie: "lead=a%00b; client_id=kept; other=%00" },
    });
    expect(res.json()).toEqual({ lead: null, client: "kept" });
  });
});
