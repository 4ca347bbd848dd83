/**
 * The credit cards page (issue 21), in English. Read by the page's server
 * half only (site/pages/credit-cards/page.server.ts), which puts the
 * locale's copy into the view: no browser script carries it. This key set
 * is the contract cards-si.ts and cards-ta.ts must match.
 */
export const cardsEn = {
  cardsTitle: "Credit cards: what to compare",
  cardsIntro:
    "A credit card's real cost is in its fees and interest, not its limit. What to check in a card before you apply, then the cards whose figures we have checked.",
  cardsWhatHeading: "What to compare in a card",
  cardsAnnualFee: "Annual fee",
  cardsAnnualFeeText:
    "What you pay every year just to hold the card, whether you use it or not. Some banks waive it for the first year or once you spend a set amount: ask what you will pay from the second year on.",
  cardsInterestRate: "Interest rate",
  cardsInterestRateText:
    "Charged on whatever part of the bill you do not pay in full by the due date. It is quoted per year: at 28% a year, Rs. 50,000 left unpaid costs about Rs. 1,167 in one month. Pay the whole bill every month and purchases cost you no interest.",
  cardsCashAdvanceFee: "Cash advance fee",
  cardsCashAdvanceFeeText:
    "Drawing cash from an ATM with a credit card costs a fee (a share of the amount, with a minimum) and interest from that very day, with no interest-free period. It is one of the dearest ways to borrow; a personal loan usually costs less.",
  cardsLateFee: "Late fee",
  cardsLateFeeText:
    "A fixed charge when the minimum payment reaches the bank after the due date. Late payments are also reported to CRIB and can make your next loan harder to get.",
  cardsMinimumPayment: "Minimum payment",
  cardsMinimumPaymentText:
    "The least you must pay each month: a share of the bill with a floor in rupees. On a bill of Rs. 50,000, a 5% minimum is Rs. 2,500. Paying only that keeps the card in good standing, but the rest keeps earning interest.",
  cardsListHeading: "Cards side by side",
  cardsOrderNote:
    "Lowest annual fee first, then lowest interest rate. Each card's figures are from its issuer's published tariff on the day shown: check them with the issuer before you apply.",
  cardsEmpty:
    "No cards are listed yet. We list a card only after checking its figures against its issuer's published tariff, and none has been checked so far. Until then, use the five points above to compare the cards your bank offers you.",
  cardsNone: "None",
  cardsRateValue: "{rate}% a year",
  cardsShareValue: "{percent}% (at least {minimum})",
  cardsCheckedOn: "Figures checked on {date}",
  cardsIssuerLink: "{card} on {issuer}'s website",
  cardsLoanHeading: "Need cash rather than a card?",
  cardsLoanText:
    "A loan from a licensed lender usually costs less than a cash advance on a card. See what you could get, free and without obligation.",
  cardsLoanLink: "Compare loan offers",
} as const;
