/**
 * The site's own English copy (pages, layout, errors). Shared widget copy
 * lives in core/messages; keeping the two apart keeps the widget small.
 * The key set defined here is the contract the Sinhala catalog must match.
 */
export const siteEn = {
  siteName: "NayaCompare",
  siteTagline: "Compare loan offers from licensed lenders, free of charge",
  skipToContent: "Skip to main content",
  languageSwitch: "සිංහලෙන්",
  homeTitle: "Loan offers that suit you, from one application",
  homeIntro:
    "We are not a lender. Fill in one application and we show you the offers of licensed lenders that match you. Our service is free for you.",
  notFoundTitle: "Page not found",
  notFoundText: "Sorry, but we can’t find the page you’re looking for.",
  getMoney: "Get money",
  errorTitle: "Something went wrong",
  errorText: "Please try again in a moment.",
  footerIntermediary:
    "This website belongs to a company that is an intermediary, not a lender, and is not responsible for loan agreements.",
} as const;
