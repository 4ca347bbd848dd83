import { describe, expect, it } from "vitest";
import { catalogProblems } from "../../core/messages/catalog-checks";
import { verificationMessagesFor } from "./verification";

describe("code step catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(verificationMessagesFor("si"), verificationMessagesFor("en"))).toEqual(
      [],
    );
  });
});
