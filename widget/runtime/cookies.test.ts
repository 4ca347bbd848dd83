import { afterEach, describe, expect, it, vi } from "vitest";
import { COOKIE_HEADER_CASES } from "../../core/helpers/cookies.fixtures";
import { readCookie } from "./cookies";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the browser's cookie reader", () => {
  it.each(COOKIE_HEADER_CASES)("reads %j as the server does", (header, lead) => {
    vi.stubGlobal("document", { cookie: header });
    expect(readCookie("lead")).toBe(lead);
  });
});
