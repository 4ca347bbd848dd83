import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./client-address";

const of = (ip: string | undefined) => clientAddressOf({ ip });

describe("clientAddressOf", () => {
  it("counts an IPv4 client by its address, written as IPv4 or as IPv4-mapped IPv6", () => {
    expect(of("203.0.113.9")).toBe("203.0.113.9");
    expect(of("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(of("::ffff:cb00:7109")).toBe("203.0.113.9");
  });

  it("counts every address of an IPv6 /64 as one client, and other /64s apart", () => {
    const one = of("2001:db8:1:2::1");
    expect(one).toBe("2001:db8:1:2::/64");
    expect(of("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(one);
    expect(of("2001:0db8:0001:0002:abcd:0000:0000:0001")).toBe(one);
    expect(of("2001:db8:1:3::1")).not.toBe(one);
    expect(of("::1")).toBe("::/64");
  });

  it("is one key for a request without a readable address", () => {
    expect(of(undefined)).toBe("unknown");
    expect(of("not an address")).toBe("unknown");
  });
});
