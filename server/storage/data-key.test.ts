import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DataKey } from "./data-keys";

describe("DataKey", () => {
  it("keeps a copy of its own: the buffer it was given may be reused, as Node's pool is", () => {
    // Buffer.concat answers a view into Node's shared pool, as unwrapping a key does.
    const given = Buffer.concat([randomBytes(32)]);
    const key = new DataKey("lead:1", given);
    const sealed = key.seal("leads", { phone: "+94771234567", email: null });
    given.fill(0);
    expect(key.open("leads", sealed)).toEqual({ phone: "+94771234567", email: null });
  });
});
