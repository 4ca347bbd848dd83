import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS } from "../../../core/domain/application";
import { validApplication } from "../../../core/domain/schemas/application.fixtures";
import {
  APPLICATION_STEPS,
  type ApplicationFormValues,
  applicationRequestBody,
  FIELD_ORDER,
  FORM_VERSION_KEY,
  fieldErrorsOf,
  initialFormValues,
  maskIncome,
  maskNic,
  maskPhone,
  rememberedFormVersion,
  stepOf,
  valueAt,
  withValue,
} from "./application-form";
import { submitOutcome } from "./submit-outcome";

const filled: ApplicationFormValues = {
  ...validApplication,
  monthlyIncome: String(validApplication.monthlyIncome),
};

describe("the application's request body", () => {
  it("has the API's fields in order, numbers as numbers, then the link's attribution", () => {
    const body = applicationRequestBody(filled, { partner: "p1", sub2: "x" });
    expect(body).toEqual({ ...validApplication, partner: "p1", sub2: "x" });
    expect(Object.keys(body)).toEqual([
      "amount",
      "term",
      "purpose",
      "fullName",
      "nic",
      "birthDate",
      "phone",
      "email",
      "monthlyIncome",
      "employment",
      "bank",
      "district",
      "consents",
      "partner",
      "sub2",
    ]);
  });

  it("leaves out attribution keys without a value and an empty income", () => {
    const body = applicationRequestBody({ ...filled, monthlyIncome: "" }, {
      partner: undefined,
      utm_source: "sms",
    } as unknown as Record<string, string>);
    expect(body).not.toHaveProperty("partner");
    expect(body.utm_source).toBe("sms");
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty("monthlyIncome");
  });

  it("starts from the link's prefill with every consent unticked", () => {
    const values = initialFormValues({ amount: 20_000, term: 120, purpose: "medical" });
    expect(values).toMatchObject({ amount: 20_000, term: 120, purpose: "medical", nic: "" });
    expect(values.consents).toEqual({ terms: false, shareWithLenders: false, marketing: false });
    expect(initialFormValues({ amount: 50_000, term: 91 }).purpose).toBe("");
  });
});

describe("steps", () => {
  it("keeps the API's field errors for fields of the form only", () => {
    expect(
      fieldErrorsOf([
        { path: "consents.terms", message: APPLICATION_ERRORS.consentTerms },
        { path: "", message: "Unrecognized key" },
        { path: "nic", message: APPLICATION_ERRORS.nic },
        { path: "nic", message: APPLICATION_ERRORS.nicMismatch },
      ]),
    ).toEqual({ "consents.terms": APPLICATION_ERRORS.consentTerms, nic: APPLICATION_ERRORS.nic });
  });

  it("hold every field once, in the form's order", () => {
    expect(FIELD_ORDER).toHaveLength(new Set(FIELD_ORDER).size);
    // Four steps at most, one topic each (issue 32, decision 0370).
    expect(APPLICATION_STEPS).toHaveLength(4);
    expect(stepOf("purpose")).toBe(0);
    expect(stepOf("email")).toBe(1);
    expect(stepOf("district")).toBe(2);
    expect(stepOf("consents.marketing")).toBe(3);
  });
});

describe("masks", () => {
  it("formats a mobile number as typed, pasted or autofilled", () => {
    expect(maskPhone("0771234567")).toBe("077 123 4567");
    expect(maskPhone("077")).toBe("077");
    expect(maskPhone("077 1")).toBe("077 1");
    expect(maskPhone("077-123-4567")).toBe("077 123 4567");
    expect(maskPhone("+94 77 123 4567")).toBe("077 123 4567");
    expect(maskPhone("+94771234567")).toBe("077 123 4567");
    expect(maskPhone("0094 077 123 4567")).toBe("077 123 4567");
    expect(maskPhone("07712345678999")).toBe("077 123 4567");
  });

  it("takes a new NIC as twelve digits and an old one as nine digits and a capital letter", () => {
    expect(maskNic("198534000937")).toBe("198534000937");
    expect(maskNic("853400937v")).toBe("853400937V");
    expect(maskNic("85340 0937 x")).toBe("853400937X");
    expect(maskNic("8534")).toBe("8534");
    expect(maskNic("85a34")).toBe("8534");
    expect(maskNic("1985340009371")).toBe("198534000937");
    expect(maskNic("853400937V1")).toBe("853400937V");
  });

  it("keeps an income's digits only", () => {
    expect(maskIncome("85,000")).toBe("85000");
    expect(maskIncome("Rs. 1 200")).toBe("1200");
    expect(maskIncome("1234567890")).toBe("123456789");
  });
});

describe("the remembered form version", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      items,
      storage: () => ({
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      }),
    };
  };

  it("stores the link's version for the session", () => {
    const { items, storage } = memory();
    expect(rememberedFormVersion(3, storage)).toBe(3);
    expect(items.get(FORM_VERSION_KEY)).toBe("3");
    expect(rememberedFormVersion(undefined, storage)).toBe(3);
    expect(rememberedFormVersion(2, storage)).toBe(2);
    expect(rememberedFormVersion(undefined, storage)).toBe(2);
  });

  it("is 3, the server's, without a stored version or with an unknown one", () => {
    const { items, storage } = memory();
    expect(rememberedFormVersion(undefined, storage)).toBe(3);
    items.set(FORM_VERSION_KEY, "7");
    expect(rememberedFormVersion(undefined, storage)).toBe(3);
  });

  it("works when session storage throws (privacy modes)", () => {
    const throwing = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(rememberedFormVersion(undefined, throwing)).toBe(3);
    expect(rememberedFormVersion(2, throwing)).toBe(2);
    const failingSet = () => ({
      getItem: () => "2",
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    });
    expect(rememberedFormVersion(3, failingSet)).toBe(3);
    expect(rememberedFormVersion(undefined, failingSet)).toBe(2);
  });
});

describe("the API's answer", () => {
  it("leads to the code step, back to the fields, to waiting or to trying again", () => {
    const verification = {
      channel: "sms",
      expiresAt: "2026-11-21T08:10:00.000Z",
      resendAt: "2026-11-21T08:00:30.000Z",
      triesLeft: 5,
    };
    expect(submitOutcome(201, { leadId: "x", verification })).toEqual({
      kind: "created",
      pending: {
        leadId: "x",
        expiresAt: verification.expiresAt,
        resendAt: verification.resendAt,
        triesLeft: 5,
      },
    });
    // Issue 14: a 201 without the code's state is not one we can go on from.
    expect(submitOutcome(201, { leadId: "x" })).toEqual({ kind: "failed" });
    expect(submitOutcome(503, { error: { code: "message_not_sent", message: "…" } })).toEqual({
      kind: "notSent",
    });
    expect(
      submitOutcome(400, {
        error: { code: "invalid", message: "…", fields: { nic: APPLICATION_ERRORS.nic } },
      }),
    ).toEqual({ kind: "invalid", errors: { nic: APPLICATION_ERRORS.nic } });
    expect(submitOutcome(400, { error: { code: "invalid", message: "…" } })).toEqual({
      kind: "failed",
    });
    expect(submitOutcome(400, null)).toEqual({ kind: "failed" });
    expect(submitOutcome(429, null)).toEqual({ kind: "throttled" });
    expect(submitOutcome(500, null)).toEqual({ kind: "failed" });
    expect(submitOutcome(503, "<html>")).toEqual({ kind: "failed" });
  });
});

describe("one control's value", () => {
  const empty = initialFormValues({ amount: 20_000, term: 120 });

  it("is read and replaced by the field's path, the boxes under consents", () => {
    const named = withValue(empty, "fullName", "Nimal Perera");
    expect(valueAt(named, "fullName")).toBe("Nimal Perera");
    expect(named).toEqual({ ...empty, fullName: "Nimal Perera" });
    const ticked = withValue(empty, "consents.terms", true);
    expect(valueAt(ticked, "consents.terms")).toBe(true);
    expect(ticked.consents).toEqual({ terms: true, shareWithLenders: false, marketing: false });
    expect(empty.consents.terms).toBe(false);
  });

  it("is masked as typed where the field has a mask", () => {
    expect(withValue(empty, "nic", "85123456v").nic).toBe(maskNic("85123456v"));
    expect(withValue(empty, "phone", "+94 77 123 4567").phone).toBe(maskPhone("+94 77 123 4567"));
    expect(withValue(empty, "monthlyIncome", "Rs. 85,000").monthlyIncome).toBe("85000");
    expect(withValue(empty, "email", " A@b.lk ").email).toBe(" A@b.lk ");
  });
});
