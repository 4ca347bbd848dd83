import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../core/messages/catalog-checks";
import { offersMessagesFor } from "./offers";

describe("offers page catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(offersMessagesFor("si"), offersMessagesFor("en"))).toEqual([]);
  });
});
