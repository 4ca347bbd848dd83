/**
 * The decision API's examples, as the OpenAPI document carries them
 * (decision-openapi.ts) and docs/lenders.md shows them: one request, the
 * three answers, the two callbacks and our answer to one. A test holds each
 * to the zod schema the code parses it with, to the types openapi-typescript
 * makes of the document, and to the copy in docs/lenders.md
 * (openapi-contract.http.test.ts).
 */

const DECISION_ID = "3q2-7wFhQz6Vd0TbYkL1Zg";

/** Our request to your decision URL: a lender that asked for age, income and employment. */
export const requestExample = {
  decisionId: DECISION_ID,
  lenderId: "kandy-lane",
  sentAt: "2026-11-21T06:00:00.000Z",
  answerBy: "2026-11-21T06:00:03.000Z",
  callbackUrl: "https://nayacompare.lk/api/lenders/v1/decisions",
  loan: { amount: 50000, termDays: 91, purpose: "medical" },
  productIds: [101],
  applicant: { age: 40, monthlyIncome: 85000, employment: "salaried" },
  consent: {
    shareWithLenders: true,
    text: "I agree that NayaCompare shares my application with the lenders that match it, so that they can make me offers.",
    language: "en",
    givenAt: "2026-11-21T05:58:41.000Z",
  },
};

const approved = {
  decision: "approved",
  offerId: 101,
  amount: 40000,
  termDays: 91,
  terms: { annualInterestRate: 0.24, feeFixed: 500, feePercent: 0.01, repayment: "single" },
  expiresAt: "2026-11-22T06:00:00+05:30",
  applyUrl: "https://kandy-lane.lk/apply/8812?click={click_id}&source={sub1}",
};

/** Your answer to our request: each documented decision. */
export const answerExamples = {
  approved: { summary: "Approved: the loan you will make", value: approved },
  declined: {
    summary: "Declined, with a reason",
    value: { decision: "declined", reason: "income_too_low" },
  },
  pending: { summary: "Pending: you call back", value: { decision: "pending" } },
};

/** Your decision after answering pending, POSTed to callbackUrl. */
export const callbackExamples = {
  approved: {
    summary: "Approved, after pending",
    value: { decisionId: DECISION_ID, ...approved },
  },
  declined: {
    summary: "Declined, after pending",
    value: { decisionId: DECISION_ID, decision: "declined", reason: "affordability" },
  },
};

/** Our answer to a callback. */
export const callbackAnswerExample = { recorded: true, duplicate: false, late: false };

/** A postback: an applicant you approved was issued the loan. */
export const postbackExample = {
  click_id: "Yc3kq8V1SxeHfE4n0mWZqQ",
  status: "issued",
  amount: 40000,
  signature: "9f2c4c1b7a0e5d3f6b8a1c2d4e6f8091a3b5c7d9e1f20314253647586970a1b2",
};
