import { describe, expect, it } from "vitest";
import { matchRoute } from "./routes";

describe("matchRoute", () => {
  it("finds the home page in both languages", () => {
    expect(matchRoute("/")).toMatchObject({ locale: "si", route: { name: "home" } });
    expect(matchRoute("/en/")).toMatchObject({ locale: "en", route: { name: "home" } });
  });

  it("keeps the locale of an unknown path so the 404 page speaks the right language", () => {
    expect(matchRoute("/en/no-such-page/")).toEqual({
      locale: "en",
      rest: "/no-such-page/",
      route: undefined,
    });
    expect(matchRoute("/no-such-page/").locale).toBe("si");
  });
});
