import { describe, expect, it } from "vitest";
import { trackingEventSchema } from "./event";

describe("trackingEventSchema", () => {
  it("accepts a page view with attribution", () => {
    const event = { event_id: 5, session_id: "s", utm_source: "facebook", sub3: "0256.1-A" };
    expect(trackingEventSchema.parse(event)).toEqual(event);
  });

  it("requires an integer event id", () => {
    expect(trackingEventSchema.safeParse({}).success).toBe(false);
    expect(trackingEventSchema.safeParse({ event_id: "5" }).success).toBe(false);
    expect(trackingEventSchema.safeParse({ event_id: 5.5 }).success).toBe(false);
  });

  it("rejects unknown fields, so a typo or a smuggled personal field is not stored", () => {
    expect(trackingEventSchema.safeParse({ event_id: 5, phone: "0771234567" }).success).toBe(false);
  });

  it("bounds the length of every text", () => {
    expect(trackingEventSchema.safeParse({ event_id: 5, sub1: "x".repeat(201) }).success).toBe(
      false,
    );
  });
});
