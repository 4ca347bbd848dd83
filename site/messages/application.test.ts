import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS, DISTRICTS, EMPLOYMENT_TYPES } from "../../core/application";
import { catalogProblems, tamilCatalogProblems } from "../../core/messages/catalog-checks";
import { applicationMessagesFor } from "./index";

// The Tamil catalogs as the site serves them (issue 20: wired).
const applicationTa = applicationMessagesFor("ta");

describe("application form catalogs", () => {
  it("match in keys and placeholders, with Sinhala copy in Sinhala", () => {
    expect(catalogProblems(applicationMessagesFor("si"), applicationMessagesFor("en"))).toEqual([]);
  });

  it("say every error, district and employment type of core/application.ts", () => {
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

describe("application form catalog in Tamil (issue 20, not yet served)", () => {
  it("matches English in keys and placeholders, with Tamil copy in Tamil script", () => {
    expect(tamilCatalogProblems(applicationTa, applicationMessagesFor("en"))).toEqual([]);
  });
});
