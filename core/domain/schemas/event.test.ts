import { describe, expect, it } from "vitest";
import { trackingEventSchema } from "./event";

const SESSION = "3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21";

describe("trackingEventSchema", () => {
  it("accepts a page view with ids and attribution", () => {
    const event = {
      event_id: 5,
      provider_id: "nayacompare-lk",
      session_id: SESSION,
      client_id: SESSION,
      domain: "nayacompare.lk",
      utm_source: "facebook",
      sub3: "0301.1-A",
      sub4: "pageView",
      sub5: "home",
    };
    expect(trackingEventSchema.parse(event)).toEqual(event);
  });

  it("stores ids in canonical form and refuses what is not a v4 UUID (SPEC §5)", () => {
    const hyphenless = SESSION.replaceAll("-", "").toUpperCase();
    expect(trackingEventSchema.parse({ event_id: 5, session_id: hyphenless }).session_id).toBe(
      SESSION,
    );
    expect(trackingEventSchema.safeParse({ event_id: 5, client_id: "s" }).success).toBe(false);
    expect(
      trackingEventSchema.safeParse({ event_id: 5, client_id: SESSION.replace("-4c1b", "-1c1b") })
        .success,
    ).toBe(false);
  });

  it("requires an integer event id", () => {
    expect(trackingEventSchema.safeParse({}).success).toBe(false);
    expect(trackingEventSchema.safeParse({ event_id: "5" }).success).toBe(false);
    expect(trackingEventSchema.safeParse({ event_id: 5.5 }).success).toBe(false);
  });

  it("rejects unknown fields, so a typo or a smuggled personal field is not stored", () => {
    expect(trackingEventSchema.safeParse({ event_id: 5, phone: "0771234567" }).success).toBe(false);
  });

  it("refuses free text and anything that reads as personal data in a sub or utm value", () => {
    for (const value of ["a b", "me@example.com", "0771234567", "+94771234567", "901234567V"]) {
      expect(trackingEventSchema.safeParse({ event_id: 5, sub5: value }).success, value).toBe(
        false,
      );
    }
  });

  it("bounds the length of every text", () => {
    expect(trackingEventSchema.safeParse({ event_id: 5, sub1: "x".repeat(101) }).success).toBe(
      false,
    );
    expect(
      trackingEventSchema.safeParse({ event_id: 5, referer: `https://a.lk/${"x".repeat(2000)}` })
        .success,
    ).toBe(false);
  });
});
