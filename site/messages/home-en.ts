/** The home page's English copy. Its keys are the contract for home-si.ts. */
export const homeEn = {
  stepsTitle: "How it works",
  step1Title: "Choose an amount and a period",
  step1Text: "Choose from Rs. 5,000 to Rs. 200,000, for 61 days to 12 months.",
  step2Title: "Fill in one application",
  step2Text: "It takes about 3 minutes. You don’t need payslips or bills to apply with us.",
  step3Title: "Compare the offers and choose",
  step3Text:
    "Right after you apply, you see the offers of the licensed lenders that match you. Each shows its APR, the total to pay and the repayment date.",
  ctaTitle: "See the offers that match you",
  ctaText: "One free application of about 3 minutes. You never have to take an offer.",
  purposesTitle: "What is the loan for?",
  "purpose:consolidate-loans": "Consolidating old loans",
  "purpose:credit-card-arrears": "Credit card arrears",
  "purpose:medical": "Medical bills",
  "purpose:rent": "Rent",
  "purpose:car-repair": "Car repairs",
  "purpose:home-repair": "Home repairs",
  "purpose:vacation": "A holiday",
  "purpose:other": "Something else",
  whyTitle: "Why NayaCompare",
  whyLenders: "{count} licensed lenders compared",
  whyLowestApr: "APR from {apr} for {amount} over {days} days",
  whySampleLenders: "{count} sample lenders to show how comparing works",
  whySampleNote: "Our lender list is still a sample: these figures come from illustrative offers.",
  whyFree: "Free for you, with no fees",
  faqTitle: "Frequently asked questions",
  faq1Question: "Who can apply?",
  faq1Answer:
    "You can apply if you are aged 18 to 70 and a Sri Lankan citizen or resident. You also need a valid NIC, and a mobile number and a bank account in your name.",
  faq2Question: "Which documents do I need?",
  faq2Answer:
    "None to apply with us: no payslips and no bills. A lender may ask you for documents later, before it decides.",
  faq3Question: "Do I have to pay anything?",
  faq3Answer:
    "Our service is free for you. The lender charges interest and fees, and each offer shows them as an APR and a total to pay.",
  faq4Question: "Are you a lender?",
  faq4Answer:
    "No. We are an intermediary that compares the offers of licensed lenders. The lender decides on your loan, signs the agreement with you and pays the money to your bank account, to a card or as cash.",
  faq5Question: "How is my data used?",
  faq5Answer:
    "We share your application only with the lenders that match it, and only with your consent. You can ask us to delete your data at any time on the unsubscribe page.",
  faq6Question: "Can I apply with a bad credit history?",
  faq6Answer:
    "Yes. A bad credit history does not stop you from seeing offers, but each lender makes its own decision.",
  benefitsTitle: "What you get with us",
  benefit1Title: "Free for you",
  benefit1Text: "You pay us nothing to apply, to see the offers or to choose one.",
  benefit2Title: "One application, all matching offers",
  benefit2Text: "Fill in one application and compare the offers of every lender that matches you.",
  benefit3Title: "Honest figures",
  benefit3Text:
    "Each offer shows its APR, the total to pay and the repayment date, computed from the lender’s own terms.",
  benefit4Title: "Licensed lenders only",
  benefit4Text:
    "We show offers from licensed lenders only. You sign the loan agreement with the lender, not with us.",
  benefit5Title: "Your privacy",
  benefit5Text:
    "Nobody but the lenders that match your application may ever receive it, and only with your consent. You can ask us to delete your data at any time on the unsubscribe page.",
  benefit6Title: "Sinhala, Tamil or English, on any phone",
  benefit6Text: "Use the site in Sinhala, Tamil or English. It works on any phone.",
  cta2Title: "Ready to compare?",
  cta2Text:
    "Fill in one application and see your offers right after. It’s free, and whether you take an offer is up to you.",
} as const;
