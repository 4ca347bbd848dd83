import { docsSi } from "./docs-messages-si";
import { docsTa } from "./docs-messages-ta";

/** The partner portal's API documentation page (issue 18): its words in all three languages. */
const en = {
  intro:
    "Two APIs: the partner API, for your server with your secret key, and the public feed the widget reads, for your pages with your publishable key. One OpenAPI 3.1 document describes both; the reference page is written from it.",
  openApi: "OpenAPI document (JSON)",
  reference: "Reference for developers (in English)",
  keysTitle: "Your keys",
  partnerId: "Partner id",
  publishableKey: "Publishable key",
  origins: "Origins the publishable key works from",
  noOrigins: "None yet: add your site's origin on the Keys page.",
  keysLink: "Keys",
  secretNote:
    "Your secret key is not on this page: we show it once when it is made or rotated, and keep only its hash. The examples read it from an environment variable.",
  partnerTitle: "The partner API (from your server)",
  partnerIntro:
    "Base address: {base}. Send your secret key in the Authorization header, from your server only, never from a page.",
  operations: {
    offers: "Offers for an amount, term and language, ranked as on our site.",
    createLead: "Send an application your visitor agreed to; we send them a code by SMS.",
    verify: "Send the code your visitor typed; the lead counts once it is verified.",
    resend: "Send your visitor a new code.",
    lead: "A lead's status, as lenders report it.",
    leadOffers:
      "A lead's real-time decisions and its offers ranked as on our site, waiting for the decisions if you ask.",
    stats: "Leads, clicks, approvals and payouts by day: the same figures as your dashboard.",
  },
  preApprovalsTitle: "Pre-approvals in real time",
  preApprovalsIntro:
    "Once your visitor's code is verified, we ask the lenders that decide in real time, and they answer within a few seconds. With ?wait=10 one call answers as soon as every lender asked has answered, or when the ten seconds or the lenders' deadline are up, whichever is first. Each lender asked comes with its status (waiting, approved, declined, pending or failed; never why), and the offers are ranked as our site lists them: pre-approvals first, with their own amount, term and expiry. A lender that declined or failed is never among the offers. If decisions.complete is false, ask again.",
  exampleWait: "From your server, after the code is verified:",
  exampleAnswer: "An answer, once the three lenders asked have answered:",
  approvalOddsNote:
    "While a lender has not answered (waiting or pending), it may carry approvalOdds: of 10 applicants like yours (the same bands of loan, term, income, employment and age), how many it pre-approved in the last 90 days (inTen, and in words, likelihood), and how many answered decisions that stands on (basis: at least 30; with fewer there is no approvalOdds). It is a history, not a promise: show it with its basis and link to how we count it.",
  approvalOddsLink: "How we count approval odds",
  offersReadyNote:
    "Rather than wait, you can have us call your postback URL once per lead when its decisions are complete ({status} is offers_ready): turn it on on the Postbacks page.",
  postbacksLink: "Postbacks",
  feedTitle: "The feed (from your pages)",
  feedIntro:
    "Base address: {base}. The widget reads it; your own pages may too. It answers without a key; with your publishable key (in the X-Publishable-Key header or as ?key=), the request must come from a page on one of your origins, which the browser names in the Origin header. From any other origin the answer is 403 origin_not_allowed; a key that is not yours is 401 invalid_key.",
  feedOperations: {
    ownConfig:
      "The feed config of the country this site serves, as the widget reads it; the Content-Location header names it (lk for Sri Lanka).",
    config:
      "Every offer of a feed config (lk for Sri Lanka), ranked for the calculator's default loan.",
    leads: "The ids of the offers active for a lead: nothing about the person.",
    approvalOdds:
      "Each lender's approval odds for the amount, period and monthly income bands (0–4, 0–3, 0–3; the income band may be left out): bands only, cached an hour; lenders with fewer than 30 answers are absent. The widget asks it when you give income-band.",
  },
  exampleServer: "From your server:",
  examplePage: "From a page on your origin {origin}:",
  exampleCurl: "To try it from a terminal, name your origin yourself:",
  yourOrigin: "https://your-site.example",
};

export type DocsMessages = typeof en;

export const docsMessages = { en, si: docsSi, ta: docsTa };
