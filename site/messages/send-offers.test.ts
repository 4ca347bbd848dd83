import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../core/messages/catalog-checks";
import { sendOffersMessagesFor } from "./send-offers";

describe("send-offers catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(sendOffersMessagesFor("si"), sendOffersMessagesFor("en"))).toEqual([]);
  });
});
