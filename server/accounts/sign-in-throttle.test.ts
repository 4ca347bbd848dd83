import { describe, expect, it } from "vitest";
import {
  accountKey,
  newDeviceCookie,
  SIGN_IN_THROTTLE,
  trustedDeviceOf,
  waitAfterFailures,
} from "./sign-in-throttle";

const KEY = "0123456789abcdef".repeat(4);

describe("the growing delay after failed sign-ins", () => {
  it("is nothing for the first five failures, then 1 s doubling to at most 15 minutes", () => {
    expect([0, 1, 2, 3, 4].map(waitAfterFailures)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8].map(waitAfterFailures)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(waitAfterFailures(14)).toBe(512_000);
    expect(waitAfterFailures(15)).toBe(SIGN_IN_THROTTLE.maxWaitMs);
    expect(waitAfterFailures(10_000)).toBe(SIGN_IN_THROTTLE.maxWaitMs);
  });

  it("is counted per account by a keyed hash of the e-mail as typed, never the e-mail", () => {
    expect(accountKey(" Boss@NayaCompare.lk ", KEY)).toBe(accountKey("boss@nayacompare.lk", KEY));
    expect(accountKey("boss@nayacompare.lk", KEY)).not.toContain("boss");
    expect(accountKey("boss@nayacompare.lk", KEY)).not.toBe(
      accountKey("boss@nayacompare.lk", "another key"),
    );
  });
});

describe("a trusted browser's cookie", () => {
  it("names its browser for the member it was made for only", () => {
    const cookie = newDeviceCookie("member-1", KEY);
    const device = trustedDeviceOf(cookie, "member-1", KEY);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie.startsWith(`${device}.`)).toBe(true);
    expect(trustedDeviceOf(cookie, "member-2", KEY)).toBeUndefined();
    expect(trustedDeviceOf(cookie, "member-1", "another key")).toBeUndefined();
  });

  it("cannot be made up or altered", () => {
    const cookie = newDeviceCookie("member-1", KEY);
    const [device, mac] = cookie.split(".");
    expect(trustedDeviceOf(`${device}.${mac?.slice(1)}A`, "member-1", KEY)).toBeUndefined();
    expect(trustedDeviceOf(`AAAAAAAAAAAAAAAAAAAAAA.${mac}`, "member-1", KEY)).toBeUndefined();
    expect(trustedDeviceOf(`${cookie}.extra`, "member-1", KEY)).toBeUndefined();
    expect(trustedDeviceOf(undefined, "member-1", KEY)).toBeUndefined();
    expect(trustedDeviceOf("", "member-1", KEY)).toBeUndefined();
  });
});
