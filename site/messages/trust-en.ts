/** The trust notes' English copy (issue 17): who we are, how we earn, what applying means. */
export const trustEn = {
  trustTitle: "Why you can trust us",
  trustLabel: "About our service",
  trustFree: "Free, not a lender",
  trustNoCrib: "No CRIB enquiry",
  trustLicensed: "Licensed lenders",
  trustCompany: "{site} is run by {company}",
  trustRegistration: "Company registration no. {registration}",
  trustNotLender: "We are not a lender, and we never charge you anything.",
  trustEarn:
    "Lenders and partners pay us, never you, and what they pay never changes the order of the offers.",
  trustRank: "How we rank offers",
  trustLicence: "Every offer shows the lender’s licence number.",
  trustCrib:
    "Applying here does not touch your CRIB record: we make no credit enquiry. A lender may check it before it lends.",
  trustData:
    "Only the lenders that match your application receive it, and only with your consent (PDPA).",
  trustReach: "Talk to a person:",
  trustCall: "Call {phone}",
  trustWhatsApp: "WhatsApp",
} as const;
