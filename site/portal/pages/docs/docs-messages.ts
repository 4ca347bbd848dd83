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
  },
  exampleServer: "From your server:",
  examplePage: "From a page on your origin {origin}:",
  exampleCurl: "To try it from a terminal, name your origin yourself:",
  yourOrigin: "https://your-site.example",
};

export type DocsMessages = typeof en;

const si: DocsMessages = {
  intro:
    "API දෙකක් ඇත: ඔබේ රහස් යතුර (secret key) සමඟ ඔබේ සර්වරයෙන් භාවිත කරන හවුල්කරු API එක, සහ ඔබේ ප්‍රසිද්ධ යතුර (publishable key) සමඟ ඔබේ පිටුවලින් භාවිත කරන, විජට් එක කියවන පොදු feed එක. OpenAPI 3.1 ලේඛනයක් දෙකම විස්තර කරයි; යොමු පිටුව එයින් ලියා ඇත.",
  openApi: "OpenAPI ලේඛනය (JSON)",
  reference: "සංවර්ධකයන් සඳහා යොමු පිටුව (ඉංග්‍රීසියෙන්)",
  keysTitle: "ඔබේ යතුරු",
  partnerId: "හවුල්කරු හැඳුනුම",
  publishableKey: "ප්‍රසිද්ධ යතුර (publishable key)",
  origins: "ප්‍රසිද්ධ යතුර ක්‍රියා කරන origin",
  noOrigins: "තවම නැත: යතුරු පිටුවේ ඔබේ වෙබ් අඩවියේ origin එක එක් කරන්න.",
  keysLink: "යතුරු",
  secretNote:
    "ඔබේ රහස් යතුර මෙම පිටුවේ නැත: එය සාදන විට හෝ අලුත් කරන විට එක් වරක් පමණක් පෙන්වන අතර, අප තබා ගන්නේ එහි hash අගය පමණි. උදාහරණ එය පරිසර විචල්‍යයකින් (environment variable) කියවයි.",
  partnerTitle: "හවුල්කරු API එක (ඔබේ සර්වරයෙන්)",
  partnerIntro:
    "මූලික ලිපිනය: {base}. ඔබේ රහස් යතුර Authorization header එකේ යවන්න, ඔබේ සර්වරයෙන් පමණක්; කිසි විටෙක පිටුවකින් නොවේ.",
  operations: {
    offers: "මුදලකට, කාලයකට සහ භාෂාවකට ගැළපෙන දීමනා, අපේ වෙබ් අඩවියේ අනුපිළිවෙළට.",
    createLead: "ඔබේ අමුත්තා එකඟ වූ අයදුම්පතක් යවන්න; අපි ඔවුන්ට SMS මඟින් කේතයක් යවන්නෙමු.",
    verify: "ඔබේ අමුත්තා ඇතුළත් කළ කේතය යවන්න; තහවුරු වූ පසු පමණක් ලීඩ් එක ගණන් ගැනේ.",
    resend: "ඔබේ අමුත්තාට අලුත් කේතයක් යවන්න.",
    lead: "ණය දෙන්නන් වාර්තා කරන පරිදි ලීඩ් එකක තත්ත්වය.",
    leadOffers: "ලීඩ් එකක තත්‍ය කාලීන තීරණ සහ අපේ වෙබ් අඩවියේ අනුපිළිවෙළට එහි දීමනා; ඔබ ඉල්ලුවොත් තීරණ සඳහා රැඳී සිටිමින්.",
    stats: "දිනපතා ලීඩ්, ක්ලික්, අනුමැති සහ ගෙවීම්: ඔබේ පුවරුවේ සංඛ්‍යාම.",
  },
  feedTitle: "Feed එක (ඔබේ පිටුවලින්)",
  feedIntro:
    "මූලික ලිපිනය: {base}. විජට් එක මෙය කියවයි; ඔබේම පිටුවලටද කියවිය හැක. යතුරක් නැතිවද එය පිළිතුරු දෙයි; ඔබේ ප්‍රසිද්ධ යතුර සමඟ (X-Publishable-Key header එකේ හෝ ?key= ලෙස) නම්, ඉල්ලීම ඔබේ origin එකක පිටුවකින් පැමිණිය යුතුය; බ්‍රවුසරය එය Origin header එකේ සඳහන් කරයි. වෙනත් origin එකකින් නම් පිළිතුර 403 origin_not_allowed වේ; ඔබේ නොවන යතුරකට 401 invalid_key.",
  feedOperations: {
    ownConfig:
      "මෙම අඩවිය සේවය කරන රටේ feed config එක, විජට් එක කියවන ආකාරයටම; එහි නම Content-Location header එකේ ඇත (ශ්‍රී ලංකාවට lk).",
    config: "Feed config එකක සියලු දීමනා (ශ්‍රී ලංකාවට lk), ගණකයේ පෙරනිමි ණයට අනුව පෙළගස්වා.",
    leads: "ලීඩ් එකකට සක්‍රිය දීමනාවල හැඳුනුම් අංක: පුද්ගලයා ගැන කිසිවක් නැත.",
  },
  preApprovalsTitle: "තත්‍ය කාලීන පූර්ව අනුමැති",
  preApprovalsIntro:
    "ඔබේ අමුත්තාගේ කේතය තහවුරු වූ පසු, තත්‍ය කාලීනව තීරණ දෙන ණය දෙන්නන්ගෙන් අපි විමසන අතර, ඔවුන් තත්පර කිහිපයක් ඇතුළත පිළිතුරු දෙති. ?wait=10 සමඟ, විමසූ සියලු ණය දෙන්නන් පිළිතුරු දුන් වහාම, නැතහොත් තත්පර දහය හෝ ණය දෙන්නන්ගේ අවසන් වේලාව ඉකුත් වූ විට, කුමක් මුලින් සිදු වුවත්, එක් ඇමතුමක් පිළිතුරු දෙයි. විමසූ සෑම ණය දෙන්නෙකුම එහි තත්ත්වය සමඟ පැමිණේ (waiting, approved, declined, pending හෝ failed; හේතුව කිසි විටෙක නැත), සහ දීමනා අපේ වෙබ් අඩවියේ අනුපිළිවෙළට පෙළගැසේ: පූර්ව අනුමැති මුලින්, ඒවායේම මුදල, කාලය සහ කල් ඉකුත් වීම සමඟ. ප්‍රතික්ෂේප කළ හෝ අසාර්ථක වූ ණය දෙන්නෙකු කිසි විටෙක දීමනා අතර නැත. decisions.complete අගය false නම්, නැවත විමසන්න.",
  exampleWait: "කේතය තහවුරු වූ පසු, ඔබේ සර්වරයෙන්:",
  exampleAnswer: "විමසූ ණය දෙන්නන් තිදෙනා පිළිතුරු දුන් පසු පිළිතුරක්:",
  offersReadyNote:
    "රැඳී සිටීම වෙනුවට, ලීඩ් එකක තීරණ සම්පූර්ණ වූ විට එක් ලීඩ් එකකට එක් වරක් ඔබේ postback URL එක අමතන්නට අපට ඉඩ දිය හැක ({status} යනු offers_ready ය): Postback පිටුවේ එය සක්‍රිය කරන්න.",
  postbacksLink: "Postback",
  exampleServer: "ඔබේ සර්වරයෙන්:",
  examplePage: "ඔබේ origin එක වන {origin} හි පිටුවකින්:",
  exampleCurl: "ටර්මිනලයකින් උත්සාහ කිරීමට, ඔබේ origin එක ඔබම සඳහන් කරන්න:",
  yourOrigin: "https://your-site.example",
};

export const docsMessages = { en, si, ta: docsTa };
