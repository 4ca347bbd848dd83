import { describe, expect, it } from "vitest";
import { looksPersonal } from "./application";
import {
  decodeMarketing,
  encodeMarketing,
  isPromoCode,
  marketingFromLanding,
  pickMarketing,
  trafficType,
} from "./marketing";

describe("marketing attribution", () => {
  it("takes utm, sub, partner, traffic type and promo from a landing address", () => {
    const query = new URLSearchParams(
      "utm_source=fb&utm_medium=cpc&utm_campaign=avurudu&sub1=abc&sub8=x8&promo=123456&amount=50000",
    );
    expect(marketingFromLanding(query, "m.facebook.com")).toEqual({
      utm_source: "fb",
      utm_medium: "cpc",
      utm_campaign: "avurudu",
      sub1: "abc",
      sub8: "x8",
      promo: "123456",
      traffic_type: "affiliate",
    });
  });

  it("has nothing to say about an address without marketing values", () => {
    expect(marketingFromLanding(new URLSearchParams("amount=5000"), "www.google.com")).toBe(
      undefined,
    );
  });

  it("keeps an explicit traffic type", () => {
    expect(
      marketingFromLanding(new URLSearchParams("utm_source=x&traffic_type=push"), undefined),
    ).toEqual({ utm_source: "x", traffic_type: "push" });
  });

  it("drops free text, personal data and bad promo codes", () => {
    expect(
      pickMarketing([
        ["utm_source", "a b"],
        ["utm_term", "me@example.com"],
        ["sub2", "0771234567"],
        ["sub3", "+94771234567"],
        ["sub4", "199012345678"],
        ["sub5", "901234567V"],
        ["promo", "099999"],
        ["email", "x"],
        ["sub6", "ok-1"],
      ]),
    ).toEqual({ sub6: "ok-1" });
    expect(isPromoCode("100000")).toBe(true);
    expect(isPromoCode("999999")).toBe(true);
    expect(isPromoCode("1000000")).toBe(false);
    expect(looksPersonal("campaign-7")).toBe(false);
    expect(looksPersonal("077-123-4567")).toBe(true);
    expect(looksPersonal("199012345678")).toBe(true);
    expect(looksPersonal("12345678")).toBe(false);
  });

  it("tells the kind of visit", () => {
    expect(trafficType({ utm_medium: "cpc", utm_source: "g" }, undefined)).toBe("paid");
    expect(trafficType({ utm_medium: "email" }, undefined)).toBe("email");
    expect(trafficType({ utm_campaign: "x" }, undefined)).toBe("campaign");
    expect(trafficType({}, "www.google.lk")).toBe("organic");
    expect(trafficType({}, "news.lk")).toBe("referral");
    expect(trafficType({}, undefined)).toBe("direct");
  });

  it("round-trips through a cookie's text and drops tampered values", () => {
    const marketing = { utm_source: "fb", sub1: "a.b:c~d", promo: "654321" };
    expect(decodeMarketing(encodeMarketing(marketing))).toEqual(marketing);
    expect(decodeMarketing("utm_source=%3Cscript%3E&sub1=ok")).toEqual({ sub1: "ok" });
    expect(decodeMarketing(undefined)).toEqual({});
  });
});
