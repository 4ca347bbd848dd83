import { describe, expect, it } from "vitest";
import { localeCatalogProblems } from "../../core/messages/catalog-checks";
import { verificationMessagesFor } from "./verification";

describe("code step catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(verificationMessagesFor)).toEqual([]);
  });
});
