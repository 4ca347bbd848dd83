import { describe, expect, it } from "vitest";
import { withoutPersonalData } from "./audit";

describe("what the audit log keeps", () => {
  it("drops fields of personal data and secrets, at any depth", () => {
    expect(
      withoutPersonalData({
        status: "approved",
        name: "Ama Perera",
        email: "ama@example.lk",
        phone: "+94771234567",
        nic: "200012345678",
        birth_date: "2000-01-01",
        text: "What she wrote",
        lead: { id: "L1", fullName: "Ama Perera", amount: 50_000 },
        password_hash: "$argon2id$…",
        api_secret: "s3cret",
        rates: [{ name: "x", apr: 30 }],
      }),
    ).toEqual({
      status: "approved",
      lead: { id: "L1", amount: 50_000 },
      rates: [{ apr: 30 }],
    });
  });

  it("replaces values that look like an e-mail, a Sri Lankan mobile number or an NIC anywhere", () => {
    expect(
      withoutPersonalData({
        note: "mail ama@example.lk",
        callback: "077 123 4567",
        ids: ["912345678V", "200012345678", "offer-12"],
        count: 3,
        live: true,
        gone: null,
      }),
    ).toEqual({
      note: "[removed]",
      callback: "[removed]",
      ids: ["[removed]", "[removed]", "offer-12"],
      count: 3,
      live: true,
      gone: null,
    });
  });
});
