/**
 * The English copy of a visitor's own offers page, after an application.
 * Its keys are the contract for offers-si.ts. Only that page loads these
 * catalogs (site/messages/offers.ts), and none of it is the widget's.
 */
export const offersEn = {
  thanksTitle: "Thank you! Here are your offers",
  thanksText:
    "Your application for {amount} over {days} days is in. The offers whose criteria match it come first, each group with the lowest total to pay first.",
  thanksNote:
    "The lender checks your application, decides on the loan and signs the agreement with you. We are not a lender and never charge you.",
  noneMatching:
    "No lender’s criteria match your application today. The offers below may still consider you.",
  othersTitle: "Other offers",
  othersNote:
    "These lenders lend this amount and period, but your application does not meet all of their criteria (age, income or employment).",
} as const;
