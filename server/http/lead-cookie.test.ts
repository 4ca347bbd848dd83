import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { COOKIE_HEADER_CASES } from "../../core/helpers/cookies.fixtures";
import { leadIdOf } from "./lead-cookie";

describe("the server's cookie reader", () => {
  it.each(COOKIE_HEADER_CASES)("reads %j as the browser does", (header, lead) => {
    expect(leadIdOf({ headers: { cookie: header } } as Request)).toBe(lead);
  });
});
