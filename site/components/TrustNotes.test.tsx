import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ContactDetails } from "../../core/views/site-contract";
import { ContactContext, TrustNotes } from "./TrustNotes";

const render = (
  contact: ContactDetails | undefined,
  variant: "short" | "full" | "footer" = "full",
) =>
  renderToString(
    <ContactContext.Provider value={contact}>
      <TrustNotes locale="en" variant={variant} />
    </ContactContext.Provider>,
  );

describe("the trust notes (issue 17)", () => {
  it("say what a borrower must know before deciding, with links to the ranking and the privacy policy", () => {
    const html = render({ email: "help@nayacompare.test" });
    for (const words of [
      "Why you can trust us",
      "We are not a lender, and we never charge you anything.",
      "Lenders and partners pay us, never you",
      "Every offer shows the lender’s licence number.",
      "does not touch your CRIB record",
      "only with your consent (PDPA)",
    ]) {
      expect(html).toContain(words);
    }
    expect(html).toContain('href="/en/how-we-rank/"');
    expect(html).toContain('href="/en/privacy-policy/"');
    expect(html).toContain('href="mailto:help@nayacompare.test"');
  });

  it("invent nothing: no company, registration, address, phone or WhatsApp line without configuration", () => {
    for (const variant of ["full", "footer"] as const) {
      const html = render({ email: "help@nayacompare.test" }, variant);
      expect(html).not.toContain("is run by");
      expect(html).not.toContain("registration");
      expect(html).not.toContain("tel:");
      expect(html).not.toContain("wa.me");
    }
  });

  it("show the configured company and a person to call or write to", () => {
    const html = render(
      {
        email: "help@nayacompare.test",
        company: "Example Comparisons (Pvt) Ltd",
        registration: "PV 00000000",
        address: "1 Example Road, Colombo",
        phone: { shown: "+94 11 000 0000", digits: "94110000000" },
        whatsapp: { shown: "+94 77 000 0000", digits: "94770000000" },
      },
      "footer",
    );
    expect(html).toContain("NayaCompare is run by Example Comparisons (Pvt) Ltd");
    expect(html).toContain("Company registration no. PV 00000000");
    expect(html).toContain("1 Example Road, Colombo");
    expect(html).toContain('href="tel:+94110000000"');
    expect(html).toContain("Call +94 11 000 0000");
    expect(html).toContain('href="https://wa.me/94770000000"');
  });

  it("fit beside a button in their short form: three marks, no links", () => {
    const html = render({ email: "help@nayacompare.test" }, "short");
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(html).not.toContain("<a ");
  });
});
