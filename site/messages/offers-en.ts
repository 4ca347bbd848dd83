/**
 * The English copy of a visitor's own offers page (issue 15): after an
 * application, with lenders' decisions arriving. Its keys are the contract
 * for offers-si.ts. Only the page's chunk and its server half load these
 * catalogs (site/messages/offers.ts), so they weigh nothing on a page's
 * first script.
 */
export const offersEn = {
  thanksTitle: "Thank you! Here are your offers",
  // The order is said by the sort form beside the list (a phone's first screen reaches an offer).
  thanksText: "Your application for {amount} over {days} days is in.",
  thanksNote:
    "The lender checks your application, decides on the loan and signs the agreement with you. We are not a lender and never charge you.",
  askingOne: "Asking 1 lender for its decision…",
  askingOther: "Asking {count} lenders for their decisions…",
  answeredCount: "{answered} of {count} answered so far.",
  askedDone: "{answered} of {count} lenders answered.",
  approvedTitleOne: "1 pre-approved offer",
  approvedTitleOther: "{count} pre-approved offers",
  approvedIntro:
    "A pre-approval means the lender looked at your application and agreed to lend on the terms shown. The lender confirms it when you apply on its site.",
  preApproved: "Pre-approved",
  approvedAmount: "Approved amount",
  approvedTerm: "Period",
  daysValue: "{days} days",
  smallerAmount: "Less than the {asked} you asked for.",
  otherTerm: "Over {days} days, not the {asked} days you asked for.",
  validUntil: "Offer valid until {date}.",
  declinedOne: "1 lender did not offer you a loan this time: {names}.",
  declinedOther: "{count} lenders did not offer you a loan this time: {names}.",
  unansweredOne: "1 lender did not answer in time: {names}.",
  unansweredOther: "{count} lenders did not answer in time: {names}.",
  declinedNote:
    "Each lender decides by its own criteria; one lender’s answer does not change another’s offer.",
  unnamedLender: "a lender",
  othersTitle: "Other offers",
  othersNote:
    "These lenders lend this amount and period, but your application does not meet all of their criteria (age, income or employment).",
  sortLabel: "Sort offers by",
  "sort:total": "Total to pay, lowest first",
  "sort:payment": "Monthly payment, lowest first",
  "sort:apr": "APR, lowest first",
  sortSubmit: "Sort",
  sortNote:
    "Offers you can repay come first, pre-approved at the top; offers hard to repay come last.",
  rejectedText:
    "No lender could offer you a loan for this application this time. Another amount or period may suit other lenders: tell us how much you need and apply again, free of charge.",
  matchedTitleOne: "1 offer matching you",
  matchedTitleOther: "{count} offers matching you",
  youMatch: "You match",
  mayNotMatch: "May not match",
  offerCta: "Get this offer",
  applyCta: "Apply",
  lenderSite: "See the lender’s site",
  requires:
    "What the lender requires: age {min}–{max}, an income from {income} a month, and work as {employment}.",
  "employment:salaried": "a salaried employee",
  "employment:self-employed": "self-employed",
  "employment:business-owner": "a business owner",
  "employment:pensioner": "a pensioner",
  "employment:other": "other",
  or: " or ",
  shareMonthly: "This payment is {percent} of the monthly income you gave.",
  shareSingle: "This one repayment is {percent} of the monthly income you gave.",
  shareWarning:
    "Above {limit} of your income, repaying may be hard alongside rent, food and other debts.",
  shareWarningLabel: "Warning:",
  hardTitleOne: "1 offer that would be hard to repay",
  hardTitleOther: "{count} offers that would be hard to repay",
  hardIntro:
    "On the monthly income you gave, a repayment of each of these takes more than half of it (or one repayment more than all of it). We list them last and do not recommend them.",
  hardChip: "Hard to repay",
  shareHard: "More than half of your income: hard to repay alongside rent, food and other debts.",
  longerTerm: "Over {months} months with this lender: {payment} a month, within your income.",
  longerTermLink: "See its {months}-month loan",
  editApplication: "Edit my application",
  readyOne: "1 offer is ready for you.",
  readyOther: "{count} offers are ready for you.",
  newTab: "opens in a new tab",
} as const;
