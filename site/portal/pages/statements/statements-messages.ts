import { statementsSi } from "./statements-messages-si";
import { statementsTa } from "./statements-messages-ta";

/** The partner portal's statements page (issue 18): its words in all three languages. */
const en = {
  intro:
    "What you earned each month, adjustments made by our team, what we paid you, and what we owe you at the month's end. Amounts are in rupees; days and times are Colombo's.",
  termsLead: "Your terms today: {amount} per lead.",
  termsSale: "Your terms today: {amount} per sale (a loan issued).",
  termsNote:
    "Each earning is fixed when the lender reports it, at the terms you had then. The dashboard's earnings for a month are the same figure as the month's earned here.",
  monthNames: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  monthTitle: "{month} {year}",
  monthsTitle: "Months, newest first",
  openMonth: "Statement of {month}",
  opening: "Carried in",
  earned: "Earned",
  earnedCount: "{count} lender reports",
  earnedCountOne: "1 lender report",
  adjustments: "Adjustments",
  paid: "Paid to you",
  closing: "We owe you at the month's end",
  allMonths: "All months",
  csv: "Download this month as CSV",
  csvHint: "A spreadsheet file: one line per earning, adjustment and payment, with the balances.",
  earningsTitle: "Earned",
  earningsNone: "Nothing was earned this month.",
  reported: "Reported (Colombo time)",
  ids: "Click and lead",
  clickId: "click {id}",
  leadId: "lead {id}",
  leadErased: "lead erased",
  amount: "Amount",
  inRun: "In the payout run of {from} to {to}.",
  notInRun: "Not in a payout run yet.",
  statuses: {
    approved: "Approved by the lender",
    rejected: "Rejected by the lender",
    issued: "Loan issued",
  },
  adjustmentsTitle: "Adjustments",
  adjustmentsNone: "No adjustments this month.",
  made: "Made (Colombo time)",
  reason: "Reason",
  paymentsTitle: "Paid to you",
  paymentsNone: "No payments this month.",
  paidOn: "Paid on (Colombo time)",
  payment: "Payout run and reference",
  paymentOf: "Run of {from} to {to}, reference {reference}",
  total: "Total",
};

export type StatementsMessages = typeof en;

export const statementsMessages = { en, si: statementsSi, ta: statementsTa };
