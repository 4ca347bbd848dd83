import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { csrfTokenMatches, csrfTokenOf } from "./csrf";
import { fromOurPages } from "./forms";

const SESSION = "Vq8cJ4m3zDqHq1Yd0n4wq3g2mVd8lJc1uZbXrWk9sTo";
const OTHER = "Xb2cJ4m3zDqHq1Yd0n4wq3g2mVd8lJc1uZbXrWk9sTo";

describe("CSRF tokens", () => {
  it("are the session's own: the same for its every form, different for another session", () => {
    expect(csrfTokenOf(SESSION)).toBe(csrfTokenOf(SESSION));
    expect(csrfTokenOf(SESSION)).not.toBe(csrfTokenOf(OTHER));
    expect(csrfTokenOf(SESSION)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Not the session token itself, nor its SHA-256 (which is what storage holds).
    expect(csrfTokenOf(SESSION)).not.toContain(SESSION);
  });

  it("match only exactly, and nothing that is not a string", () => {
    expect(csrfTokenMatches(SESSION, csrfTokenOf(SESSION))).toBe(true);
    expect(csrfTokenMatches(SESSION, csrfTokenOf(OTHER))).toBe(false);
    expect(csrfTokenMatches(SESSION, csrfTokenOf(SESSION).slice(1))).toBe(false);
    expect(csrfTokenMatches(SESSION, "")).toBe(false);
    expect(csrfTokenMatches(SESSION, undefined)).toBe(false);
    expect(csrfTokenMatches(SESSION, [csrfTokenOf(SESSION)])).toBe(false);
  });
});

function request(headers: Record<string, string>): Request {
  return { headers: { host: "localhost:3000", ...headers }, protocol: "http" } as Request;
}

describe("the origin check of a change", () => {
  const ORIGIN = "https://nayacompare.lk";

  it("takes our public origin, or the request's own", () => {
    expect(fromOurPages(request({ origin: ORIGIN }), ORIGIN)).toBe(true);
    expect(fromOurPages(request({ origin: "http://localhost:3000" }), ORIGIN)).toBe(true);
  });

  it("refuses another site, an opaque origin, and a look-alike", () => {
    expect(fromOurPages(request({ origin: "https://evil.example" }), ORIGIN)).toBe(false);
    expect(fromOurPages(request({ origin: "null" }), ORIGIN)).toBe(false);
    expect(fromOurPages(request({ origin: "https://nayacompare.lk.evil.example" }), ORIGIN)).toBe(
      false,
    );
    expect(fromOurPages(request({ origin: "http://nayacompare.lk" }), ORIGIN)).toBe(false);
  });

  it("without an Origin, refuses what Fetch Metadata says came from elsewhere", () => {
    expect(fromOurPages(request({}), ORIGIN)).toBe(true);
    expect(fromOurPages(request({ "sec-fetch-site": "same-origin" }), ORIGIN)).toBe(true);
    expect(fromOurPages(request({ "sec-fetch-site": "cross-site" }), ORIGIN)).toBe(false);
    expect(fromOurPages(request({ "sec-fetch-site": "same-site" }), ORIGIN)).toBe(false);
  });
});
