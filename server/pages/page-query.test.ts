import { describe, expect, it } from "vitest";
import { pageQueryOf } from "./page-query";

describe("pageQueryOf", () => {
  it("keeps a name's first value, but every value of a list name (a form's checkboxes: 0362)", () => {
    expect(pageQueryOf("?sort=apr&sort=total").sort).toBe("apr");
    expect(pageQueryOf("?compare=3&sort=apr&compare=5&compare=9").compare).toBe("3,5,9");
    expect(pageQueryOf(`?${"compare=1234567890&".repeat(40)}`).compare?.length).toBe(200);
  });
});
