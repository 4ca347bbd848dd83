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
  blogTitle: "Money tips for Sri Lanka",
  blogDescription:
    "Practical guides on saving, budgeting, credit cards and personal loans for households in Sri Lanka.",
  newArticles: "New articles",
  blogPage: "Page {page} of {count}",
  nextPage: "Next page",
  previousPage: "Previous page",
  paginationLabel: "Pages",
  readingTime: "{minutes} min read",
  writtenOn: "Written {date}",
  editedOn: "Updated {date}",
  byAuthor: "By {author}",
  contents: "Contents",
  sources: "Sources",
  similarArticles: "Similar articles",
  tagsLabel: "Topics",
  copyLink: "Copy link",
  linkCopied: "Link copied",
  copyFailed: "Could not copy. Copy the address from your browser instead.",
  authorArticles: "Articles",
  documentUpdated: "Last updated {date}",
  footerLinksLabel: "Site links",
  footerBlog: "Blog",
  footerTerms: "Terms and conditions",
  footerPrivacy: "Privacy policy",
  footerCookies: "Cookies policy",
  "articleTag:saving": "Saving",
  "articleTag:budgeting": "Budgeting",
  "articleTag:personal-loans": "Personal loans",
  "articleTag:credit-cards": "Credit cards",
  "articleTag:economy": "Economy",
  "articleTag:family-finance": "Family finance",
  "articleTag:young-adults": "Young adults",
} as const;
