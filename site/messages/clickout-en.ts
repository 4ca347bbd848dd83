/**
 * The click-out page (issue 32): what happens next, before the lender's own site. Only the
 * server renders it (site/clickout/), so no page's script carries it.
 */
export const clickoutEn = {
  clickoutTitle: "Going to {lender}",
  clickoutHeading: "You are going to {lender}",
  clickoutChosen:
    "You chose {product}. You apply on the lender's own site, which opens in a new tab; your offers stay here.",
  clickoutAskTitle: "What {lender} will ask",
  clickoutCriteria: "Its published conditions:",
  clickoutAskGeneral:
    "On its site it asks for your details again, and may ask for documents such as your NIC and a recent payslip or bank statement.",
  clickoutFreeTitle: "Free, and the lender decides",
  clickoutFree:
    "We charge you nothing, now or later. {lender} alone decides whether to lend to you and on what terms: read them before you sign.",
  clickoutContinue: "Continue to {lender}",
  clickoutNewTab: "opens in a new tab",
  clickoutBack: "Back to the offers",
} as const;
