import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS, DISTRICTS, EMPLOYMENT_TYPES } from "../../core/domain/application";
import { localeCatalogProblems } from "../../core/messages/catalog-checks";
import { applicationMessagesFor } from "./index";

describe("application form catalogs", () => {
  it("match in keys and placeholders, each language in its script", () => {
    expect(localeCatalogProblems(applicationMessagesFor)).toEqual([]);
  });

  it("say every error, district and employment type of core/domain/application.ts", () => {
    const en: Record<string, string> = applicationMessagesFor("en");
    const keys = [
      ...Object.keys(APPLICATION_ERRORS).map((key) => `applicationError:${key}`),
      ...DISTRICTS.map((district) => `district:${district}`),
      ...EMPLOYMENT_TYPES.map((type) => `employment:${type}`),
    ];
    expect(keys.filter((key) => en[key] === undefined)).toEqual([]);
    for (const district of DISTRICTS) expect(en[`district:${district}`]).toBe(district);
  });
});
