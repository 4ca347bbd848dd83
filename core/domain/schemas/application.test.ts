import { describe, expect, it } from "vitest";
import { APPLICATION_ERRORS, applicationErrorKey, DISTRICTS } from "../application";
import { applicationSchema } from "./application";
import { TEST_TODAY as TODAY, validApplication } from "./application.fixtures";

function fieldsOf(input: unknown): Record<string, string> {
  const result = applicationSchema(TODAY).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("applicationSchema", () => {
  it("normalises a valid application: name spaces, NIC case, E.164 phone, lower-case e-mail", () => {
    const result = applicationSchema(TODAY).safeParse(validApplication);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      fullName: "Kamal Perera",
      nic: "853400937V",
      phone: "+94771234567",
      email: "kamal.perera@example.lk",
    });
  });

  it("takes names in Sinhala and Tamil script", () => {
    expect(fieldsOf({ ...validApplication, fullName: "කමල් පෙරේරා" })).toEqual({});
    expect(fieldsOf({ ...validApplication, fullName: "கமல் பெரேரா" })).toEqual({});
    expect(fieldsOf({ ...validApplication, fullName: "<script>x</script>" })).toEqual({
      fullName: APPLICATION_ERRORS.fullName,
    });
  });

  it("takes a new-format NIC of a woman (day count + 500)", () => {
    expect(fieldsOf({ ...validApplication, nic: "199586512345", birthDate: "1995-12-30" })).toEqual(
      {},
    );
  });

  it("reports the NIC against the birth date, and the age on the birth date", () => {
    expect(fieldsOf({ ...validApplication, birthDate: "1985-12-06" })).toEqual({
      nic: APPLICATION_ERRORS.nicMismatch,
    });
    expect(fieldsOf({ ...validApplication, nic: "200932512345", birthDate: "2009-11-20" })).toEqual(
      {
        birthDate: APPLICATION_ERRORS.tooYoung,
      },
    );
    expect(fieldsOf({ ...validApplication, nic: "195532512345", birthDate: "1955-11-20" })).toEqual(
      {
        birthDate: APPLICATION_ERRORS.tooOld,
      },
    );
    expect(fieldsOf({ ...validApplication, nic: "12345" })).toEqual({
      nic: APPLICATION_ERRORS.nic,
    });
    expect(fieldsOf({ ...validApplication, nic: "910600937V", birthDate: "1991-02-28" })).toEqual({
      nic: APPLICATION_ERRORS.nicBirthDay,
    });
  });

  it("reports every problem at once, the NIC check included", () => {
    expect(
      fieldsOf({
        ...validApplication,
        email: "kamal@",
        phone: "011 234 5678",
        birthDate: "1985-12-06",
      }),
    ).toEqual({
      email: APPLICATION_ERRORS.email,
      phone: APPLICATION_ERRORS.phone,
      nic: APPLICATION_ERRORS.nicMismatch,
    });
  });

  it("says 'required' for a missing field and refuses unknown ones", () => {
    const { email: _email, ...withoutEmail } = validApplication;
    expect(fieldsOf(withoutEmail)).toEqual({ email: APPLICATION_ERRORS.required });
    for (const field of ["fullName", "nic", "birthDate", "phone", "email"]) {
      expect(
        fieldsOf({ ...validApplication, [field]: " ".repeat(field === "birthDate" ? 0 : 2) }),
      ).toMatchObject({ [field]: APPLICATION_ERRORS.required });
    }
    expect(fieldsOf({ ...validApplication, admin: true })).toHaveProperty([""]);
  });

  it("requires the terms and sharing consents, not marketing", () => {
    expect(
      fieldsOf({ ...validApplication, consents: { terms: false, shareWithLenders: false } }),
    ).toEqual({
      "consents.terms": APPLICATION_ERRORS.consentTerms,
      "consents.shareWithLenders": APPLICATION_ERRORS.consentShare,
    });
    expect(
      fieldsOf({ ...validApplication, consents: { terms: true, shareWithLenders: true } }),
    ).toEqual({});
  });

  it("keeps amounts and terms to the product's grid", () => {
    expect(fieldsOf({ ...validApplication, amount: 4_999 })).toEqual({
      amount: APPLICATION_ERRORS.amount,
    });
    expect(fieldsOf({ ...validApplication, amount: "50000" })).toEqual({
      amount: APPLICATION_ERRORS.amount,
    });
    expect(fieldsOf({ ...validApplication, term: 165 })).toEqual({ term: APPLICATION_ERRORS.term });
    expect(fieldsOf({ ...validApplication, term: 180 })).toEqual({});
  });

  it("takes codes only as attribution, and every district by its English name", () => {
    expect(
      fieldsOf({ ...validApplication, partner: "acme", sub1: "click-42", utm_source: "fb" }),
    ).toEqual({});
    expect(fieldsOf({ ...validApplication, sub1: "<img src=x>" })).toEqual({
      sub1: APPLICATION_ERRORS.attribution,
    });
    expect(DISTRICTS).toHaveLength(25);
    for (const district of DISTRICTS)
      expect(fieldsOf({ ...validApplication, district })).toEqual({});
  });

  it("maps every message back to its key, for the form's catalogs", () => {
    for (const [key, message] of Object.entries(APPLICATION_ERRORS)) {
      expect(applicationErrorKey(message)).toBe(key);
    }
  });
});
