import { describe, expect, it } from "vitest";
import { localeCatalogProblems } from "../../core/messages/catalog-checks";
import { offersMessagesFor } from "./offers";

describe("offers page catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(offersMessagesFor)).toEqual([]);
  });
});
