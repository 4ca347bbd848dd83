import { describe, expect, it } from "vitest";
import { BACK_OFFICE_SECTION_PATHS, BACK_OFFICE_SECTIONS } from "../../core/views/back-office";
import { type BackOfficeRoute, mayUse, rolesOf, sectionsFor, twoFactorRequired } from "./access";

describe("who may use which back-office route", () => {
  it("gives admins everything", () => {
    for (const path of Object.values(BACK_OFFICE_SECTION_PATHS)) {
      expect(mayUse("admin", `GET ${path}`), path).toBe(true);
      expect(mayUse("admin", `POST ${path}x/:id/`), path).toBe(path !== "/admin/");
    }
    expect(mayUse("admin", "POST /admin/sign-out")).toBe(true);
    expect(mayUse("admin", "GET /admin/reviews/:id/image")).toBe(true);
  });

  it("gives a route the roles of the section it lies under, and none outside every section", () => {
    const roles = (route: BackOfficeRoute) => [...rolesOf(route)];
    expect(roles("POST /admin/payouts/:run/:partner/paid")).toEqual(["admin"]);
    expect(roles("GET /admin/funnel/chart.js")).toEqual(["admin", "analyst"]);
    expect(roles("POST /admin/account/two-factor/")).toEqual(["admin", "moderator", "analyst"]);
    expect(roles("GET /admin/reviews/:id/image")).toEqual(["admin", "moderator"]);
    // Home is its own page only: a route beside it belongs to no section, and no one may use it.
    expect(roles("GET /admin/elsewhere/")).toEqual([]);
    expect(roles("GET /admin/payouts")).toEqual([]);
  });

  it("gives moderators comments and reviews, analysts the figures, both their own account", () => {
    // Admins open every section, in the table's order: a new section needs no line here.
    expect(sectionsFor("admin")).toEqual(BACK_OFFICE_SECTIONS);
    expect(sectionsFor("moderator")).toEqual(["home", "moderation", "account"]);
    // The funnel and the approval odds' calibration (decision 0459): figures, no money or keys.
    expect(sectionsFor("analyst")).toEqual(["home", "funnel", "approval-odds", "account"]);
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
