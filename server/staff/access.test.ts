import { describe, expect, it } from "vitest";
import { BACK_OFFICE_ROUTES, mayUse, sectionsFor, twoFactorRequired } from "./access";

describe("who may use which back-office route", () => {
  it("gives admins everything", () => {
    for (const route of Object.keys(BACK_OFFICE_ROUTES) as (keyof typeof BACK_OFFICE_ROUTES)[]) {
      expect(mayUse("admin", route), route).toBe(true);
    }
  });

  it("gives moderators comments and reviews, analysts the dashboard, both their own account", () => {
    expect(sectionsFor("admin")).toEqual([
      "home",
      "moderation",
      "lenders",
      "cards",
      "partners",
      "payouts",
      "invoices",
      "funnel",
      "audit",
      "staff",
      "account",
    ]);
    expect(sectionsFor("moderator")).toEqual(["home", "moderation", "account"]);
    expect(sectionsFor("analyst")).toEqual(["home", "funnel", "account"]);
    expect(mayUse("moderator", "POST /admin/moderation/")).toBe(true);
    expect(mayUse("analyst", "POST /admin/moderation/")).toBe(false);
    expect(mayUse("moderator", "POST /admin/staff/")).toBe(false);
    // Partners and payouts move money and keys: admins only, analysts do not read them either.
    expect(mayUse("analyst", "GET /admin/payouts/")).toBe(false);
    expect(mayUse("analyst", "GET /admin/partners/")).toBe(false);
    // Invoices bill lenders: gated as payouts are (decision 0396).
    expect(mayUse("analyst", "GET /admin/invoices/")).toBe(false);
    expect(mayUse("moderator", "GET /admin/invoices/:invoice/invoice.pdf")).toBe(false);
  });

  it("requires two-step sign-in of admins only", () => {
    expect(twoFactorRequired("admin")).toBe(true);
    expect(twoFactorRequired("moderator")).toBe(false);
    expect(twoFactorRequired("analyst")).toBe(false);
  });
});
