import { describe, expect, it } from "vitest";
import { NUL_MESSAGE, nulFieldsOf } from "./parse";

describe("nulFieldsOf", () => {
  it("names each field holding U+0000 by its dotted path, a key by where it is", () => {
    expect(
      nulFieldsOf({ name: "ok", nested: { items: ["fine", "ba\0d"] }, "k\0ey": 1, top: "\0" }),
    ).toEqual({ "nested.items.1": NUL_MESSAGE, "": NUL_MESSAGE, top: NUL_MESSAGE });
    expect(nulFieldsOf("\0")).toEqual({ "": NUL_MESSAGE });
    expect(nulFieldsOf({ clean: ["a", { b: "c" }] })).toEqual({});
  });

  it("names at most 20 fields however many hold one", () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, at) => [`f${at}`, "\0"]));
    expect(Object.keys(nulFieldsOf(many))).toHaveLength(20);
  });

  it("walks a body nested 50,000 deep (what fits in 100 KB) and names the field at its bottom", () => {
    // Spelling every level's path as it went took 60 s of CPU for one such request (0340).
    const depth = 50_000;
    const body = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(nulFieldsOf(body)).toEqual({ [Array(depth).fill("0").join(".")]: NUL_MESSAGE });
  });

  it("leaves class instances alone (a form's file is bytes, not text)", () => {
    expect(nulFieldsOf({ file: Buffer.from("\0") })).toEqual({});
  });
});
