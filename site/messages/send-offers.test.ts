import { describe, expect, it } from "vitest";
import { localeCatalogProblems } from "../../core/messages/catalog-checks";
import { sendOffersMessagesFor } from "./send-offers";

describe("send-offers catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(sendOffersMessagesFor)).toEqual([]);
  });
});
