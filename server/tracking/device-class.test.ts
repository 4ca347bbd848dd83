import { describe, expect, it } from "vitest";
import { deviceClassOf } from "./device-class";

describe("deviceClassOf", () => {
  it("tells phones, tablets, computers and crawlers apart", () => {
    expect(
      deviceClassOf(
        "Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
      ),
    ).toBe("mobile");
    expect(
      deviceClassOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148"),
    ).toBe("mobile");
    expect(
      deviceClassOf("Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/124.0"),
    ).toBe("tablet");
    expect(deviceClassOf("Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)")).toBe("tablet");
    expect(
      deviceClassOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0"),
    ).toBe("desktop");
    expect(deviceClassOf("Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe("bot");
    expect(deviceClassOf(undefined)).toBe("unknown");
  });
});
