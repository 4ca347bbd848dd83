import { describe, expect, it } from "vitest";
import { catalogProblems, tamilCatalogProblems } from "../../core/messages/catalog-checks";
import { verificationMessagesFor } from "./verification";

// The Tamil catalogs as the site serves them (issue 20: wired).
const verificationTa = verificationMessagesFor("ta");

describe("code step catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(verificationMessagesFor("si"), verificationMessagesFor("en"))).toEqual(
      [],
    );
  });
});

describe("code step catalog in Tamil (issue 20, not yet served)", () => {
  it("matches English in keys and placeholders, with Tamil copy in Tamil script", () => {
    expect(tamilCatalogProblems(verificationTa, verificationMessagesFor("en"))).toEqual([]);
  });
});
