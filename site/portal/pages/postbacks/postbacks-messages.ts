import type { Locale } from "../../../../core/locale";
import type {
  DeliveryError,
  DeliveryRow,
  PostbackMacro,
  PostbackStatus,
  TemplateProblem,
  TestSendProblem,
} from "../../../../core/views/portal/postbacks";
import { postbacksTa } from "./postbacks-messages-ta";

/** The postbacks page's words (issue 18), in all three languages; the compiler checks each. */
const en = {
  intro:
    "When a lender tells us what became of one of your visitors' applications, we call your server: a GET of your URL, with the macros below filled in, signed with your postback secret.",
  templateTitle: "Your postback URL",
  templateLabel: "URL template",
  templateHint:
    "https, with macros in the path or query, like https://example.lk/postback?click={click_id}&status={status}&payout={payout}. Leave it empty and save to stop postbacks.",
  save: "Save the URL",
  notSaved: "No postback URL is saved: we send you no postbacks.",
  saved: "Your postback URL is saved.",
  cleared: "Your postback URL is removed: no postbacks are sent.",
  macrosTitle: "Macros",
  macros: {
    click_id: "our id of the visitor's click to a lender",
    lead_id: "our id of the application (the leadId the partner API gave you)",
    sub1: "your sub1 of the visit (the widget's sub1 attribute or the link's sub1)",
    sub2: "your sub2",
    sub3: "your sub3",
    sub4: "your sub4",
    sub5: "your sub5",
    status:
      "approved, rejected or issued (a loan paid out); offers_ready in the postback when a lead's offers are ready",
    payout: "what you earn for it, in whole rupees (0 when nothing)",
  } satisfies Record<PostbackMacro, string>,
  offersReadyTitle: "When a lead's offers are ready",
  offersReadyIntro:
    "For each lead you send through the partner API, we can also call your postback URL once, as soon as the lenders asked in real time have all answered, or their few seconds are up: {lead_id} is the lead, {status} is offers_ready, every other macro is empty, and X-Postback-Id is the lead id and :offers_ready. Then read GET /leads/{id}/offers. It is signed and retried like the others, and never counted in your figures or paid.",
  offersReadyOn: "On: we send it for each lead you send through the API from now on.",
  offersReadyOff: "Off: we do not send it.",
  offersReadyNoUrl: "It goes to your postback URL: save one above, or nothing is sent.",
  offersReadyTurnOn: "Send offers-ready postbacks",
  offersReadyTurnOff: "Stop offers-ready postbacks",
  offersReadyOnNotice: "Offers-ready postbacks are on.",
  offersReadyOffNotice: "Offers-ready postbacks are off.",
  templateProblems: {
    url: "This is not an http(s) address.",
    too_long: "The address is longer than 2,000 characters.",
    macro: "{macro} is not one of the macros below.",
    macro_host: "Macros may stand only after the host, in the path or the query.",
    https: "The address must start with https://.",
    address:
      "{host} is, or leads to, an address inside a private network or this machine: we call public internet addresses only.",
    unresolved: "{host} cannot be found (it does not resolve).",
  } satisfies Record<TemplateProblem, string>,
  testTitle: "Send a test",
  testIntro:
    "We send one postback to your saved URL now, signed as a real one: status {status}, payout {payout}, a click id starting with test_ and the header X-Postback-Test: 1. It is not counted in your figures or statements, and not retried.",
  testSend: "Send a test postback",
  testNoTemplate: "Save a postback URL first: there is nothing to send to.",
  testBusy: "That is 10 tests this minute. Please wait a minute before the next one.",
  resultTitle: "Test result",
  requestTitle: "What we sent",
  answerTitle: "Your server's answer",
  answerStatus: "Status {status}, after {ms} ms",
  answerOk: "A 2xx answer: a real postback would count as delivered.",
  answerNotOk: "Not a 2xx answer: a real postback would be tried again later.",
  answerHeaders: "Headers",
  answerBody: "Body",
  answerBodyCut: "Body (the first 2 KB)",
  answerEmpty: "The body is empty.",
  testProblems: {
    timeout:
      "No answer after {ms} ms: we stopped waiting. A real postback would be tried again later.",
    network: "We could not connect to your server ({detail}).",
    refused_https: "The address must start with https://: we did not send it.",
    refused_address:
      "{detail} is, or leads to, an address inside a private network or this machine: we did not send it.",
    unresolved: "{detail} cannot be found (it does not resolve): we did not send it.",
  } satisfies Record<TestSendProblem, string>,
  networkUnknown: "the connection failed",
  logTitle: "Delivery log",
  logIntro:
    "Your postbacks, newest first. One that fails is tried again after 1 minute, then after twice as long each time, up to 10 attempts.",
  logEmpty: "No postbacks yet.",
  logCaption: "Postbacks, page {page}",
  columns: {
    at: "When (Colombo)",
    clickId: "Click id",
    status: "Status",
    payout: "Payout (Rs.)",
    attempts: "Attempts",
    delivery: "Delivery",
    lastError: "Last error",
  },
  statuses: {
    approved: "approved",
    rejected: "rejected",
    issued: "issued",
  } satisfies Record<PostbackStatus, string>,
  states: {
    delivered: "Delivered {time}",
    retrying: "Next attempt {time}",
    failed: "Given up {time}",
    unsent: "Not sent: no URL then",
  } satisfies Record<DeliveryRow["state"], string>,
  errors: {
    http: "answered HTTP {status}",
    timeout: "no answer in time",
    network: "could not connect",
    refused: "address refused (not https, or not public)",
    partner_disabled: "your account was stopped",
    no_url: "no postback URL",
    other: "failed",
  } satisfies Record<DeliveryError["kind"], string>,
  newer: "Newer postbacks",
  older: "Older postbacks",
  logNav: "Pages of the delivery log",
};

export type PostbacksMessages = typeof en;

const si: PostbacksMessages = {
  intro:
    "ඔබේ අමුත්තෙකුගේ අයදුම්පතකට සිදු වූ දේ ණය දෙන්නෙකු අපට දැනුම් දුන් විට, අපි ඔබේ සේවාදායකය අමතමු: පහත macro පුරවා, ඔබේ postback රහසින් අත්සන් කළ, ඔබේ URL එකට GET ඉල්ලීමක්.",
  templateTitle: "ඔබේ postback URL එක",
  templateLabel: "URL සැකිල්ල",
  templateHint:
    "https විය යුතු අතර macro තිබිය හැක්කේ මාර්ගයේ හෝ query කොටසේ පමණි, උදා: https://example.lk/postback?click={click_id}&status={status}&payout={payout}. Postback නැවැත්වීමට එය හිස්ව තබා සුරකින්න.",
  save: "URL එක සුරකින්න",
  notSaved: "Postback URL එකක් සුරැකී නැත: අපි ඔබට postback කිසිවක් නොයවමු.",
  saved: "ඔබේ postback URL එක සුරැකිණි.",
  cleared: "ඔබේ postback URL එක ඉවත් කළා: postback කිසිවක් නොයැවේ.",
  macrosTitle: "Macro",
  macros: {
    click_id: "අමුත්තා ණය දෙන්නෙකු වෙත ගිය ක්ලික් එකට අප දෙන හැඳුනුම් අංකය",
    lead_id: "අයදුම්පතට අප දෙන හැඳුනුම් අංකය (හවුල්කරු API එක ඔබට දුන් leadId)",
    sub1: "සංචාරයේ ඔබේ sub1 (විජට් එකේ sub1 ගුණාංගය හෝ සබැඳියේ sub1)",
    sub2: "ඔබේ sub2",
    sub3: "ඔබේ sub3",
    sub4: "ඔබේ sub4",
    sub5: "ඔබේ sub5",
    status:
      "approved (අනුමතයි), rejected (ප්‍රතික්ෂේපිතයි) හෝ issued (ණය ලබා දුන්නා); ලීඩ් එකක දීමනා සූදානම් වූ විට යවන postback එකේ offers_ready",
    payout: "ඒ සඳහා ඔබ උපයන මුදල, සම්පූර්ණ රුපියල්වලින් (නැත්නම් 0)",
  },
  offersReadyTitle: "ලීඩ් එකක දීමනා සූදානම් වූ විට",
  offersReadyIntro:
    "හවුල්කරු API එක හරහා ඔබ යවන සෑම ලීඩ් එකක් සඳහාම, තත්‍ය කාලීනව විමසූ ණය දෙන්නන් සියලු දෙනා පිළිතුරු දුන් වහාම, නැතහොත් ඔවුන්ගේ තත්පර කිහිපය ඉකුත් වූ විට, අපට ඔබේ postback URL එක එක් වරක් ඇමතිය හැක: {lead_id} යනු ලීඩ් එකයි, {status} යනු offers_ready ය, අනෙක් සියලු macro හිස්ය, සහ X-Postback-Id යනු ලීඩ් අංකය සහ :offers_ready ය. ඉන්පසු GET /leads/{id}/offers කියවන්න. එය අනෙක් ඒවා මෙන්ම අත්සන් කර නැවත උත්සාහ කෙරෙන අතර, කිසි විටෙක ඔබේ සංඛ්‍යාවලට ඇතුළත් නොවේ, ගෙවනු නොලැබේ.",
  offersReadyOn: "සක්‍රියයි: මෙතැන් සිට API එක හරහා ඔබ යවන සෑම ලීඩ් එකකටම අපි එය යවමු.",
  offersReadyOff: "අක්‍රියයි: අපි එය නොයවමු.",
  offersReadyNoUrl: "එය යැවෙන්නේ ඔබේ postback URL එකටයි: ඉහතින් එකක් සුරකින්න, නැත්නම් කිසිවක් නොයැවේ.",
  offersReadyTurnOn: "Offers-ready postback යවන්න",
  offersReadyTurnOff: "Offers-ready postback නවත්වන්න",
  offersReadyOnNotice: "Offers-ready postback සක්‍රියයි.",
  offersReadyOffNotice: "Offers-ready postback අක්‍රියයි.",
  templateProblems: {
    url: "මෙය http(s) ලිපිනයක් නොවේ.",
    too_long: "ලිපිනය අක්ෂර 2,000කට වඩා දිගයි.",
    macro: "{macro} පහත ලැයිස්තුවේ ඇති macro එකක් නොවේ.",
    macro_host: "Macro තිබිය හැක්කේ ඩොමේන් නාමයෙන් පසුව, මාර්ගයේ හෝ query කොටසේ පමණි.",
    https: "ලිපිනය https:// වලින් ඇරඹිය යුතුය.",
    address: "{host} පුද්ගලික ජාලයක හෝ මෙම යන්ත්‍රයේ ලිපිනයකට යොමු වේ: අපි අමතන්නේ පොදු අන්තර්ජාල ලිපින පමණි.",
    unresolved: "{host} සොයාගත නොහැක (එය ලිපිනයකට විසඳෙන්නේ නැත).",
  },
  testTitle: "පරීක්ෂණයක් යවන්න",
  testIntro:
    "ඔබ සුරැකි URL එකට අපි දැන් postback එකක් යවමු, සැබෑ එකක් ලෙසම අත්සන් කර: තත්ත්වය {status}, ගෙවීම {payout}, test_ වලින් ඇරඹෙන ක්ලික් අංකයක් සහ X-Postback-Test: 1 ශීර්ෂය සමඟ. එය ඔබේ සංඛ්‍යාවලට හෝ ප්‍රකාශවලට ඇතුළත් නොවන අතර නැවත උත්සාහ නොකෙරේ.",
  testSend: "පරීක්ෂණ postback එකක් යවන්න",
  testNoTemplate: "පළමුව postback URL එකක් සුරකින්න: යැවීමට ලිපිනයක් නැත.",
  testBusy: "මෙම මිනිත්තුවේ පරීක්ෂණ 10ක් යැවුණා. ඊළඟ එකට පෙර කරුණාකර මිනිත්තුවක් රැඳී සිටින්න.",
  resultTitle: "පරීක්ෂණයේ ප්‍රතිඵලය",
  requestTitle: "අප යැවූ දේ",
  answerTitle: "ඔබේ සේවාදායකයේ පිළිතුර",
  answerStatus: "තත්ත්වය {status}, මිලි තත්පර {ms}කට පසු",
  answerOk: "2xx පිළිතුරකි: සැබෑ postback එකක් නම් එය ලැබුණු ලෙස සැලකේ.",
  answerNotOk: "2xx පිළිතුරක් නොවේ: සැබෑ postback එකක් නම් පසුව නැවත උත්සාහ කෙරේ.",
  answerHeaders: "ශීර්ෂ",
  answerBody: "අන්තර්ගතය",
  answerBodyCut: "අන්තර්ගතය (පළමු 2 KB)",
  answerEmpty: "අන්තර්ගතය හිස්ය.",
  testProblems: {
    timeout:
      "මිලි තත්පර {ms}කට පසුවත් පිළිතුරක් නොලැබුණු නිසා අපි බලා සිටීම නැවැත්තුවෙමු. සැබෑ postback එකක් නම් පසුව නැවත උත්සාහ කෙරේ.",
    network: "ඔබේ සේවාදායකයට සම්බන්ධ වීමට නොහැකි විය ({detail}).",
    refused_https: "ලිපිනය https:// වලින් ඇරඹිය යුතු නිසා අපි එය නොයැවුවෙමු.",
    refused_address: "{detail} පුද්ගලික ජාලයක හෝ මෙම යන්ත්‍රයේ ලිපිනයකට යොමු වන නිසා අපි එය නොයැවුවෙමු.",
    unresolved: "{detail} සොයාගත නොහැකි නිසා (ලිපිනයකට විසඳෙන්නේ නැත) අපි එය නොයැවුවෙමු.",
  },
  networkUnknown: "සම්බන්ධතාව අසාර්ථක විය",
  logTitle: "යැවීම් සටහන",
  logIntro:
    "ඔබේ postback, අලුත්ම ඒවා මුලින්. අසාර්ථක වූ එකක් මිනිත්තුවකට පසු නැවත උත්සාහ කෙරෙන අතර, ඉන්පසු සෑම වරම දෙගුණයක කාලයකට පසු, උපරිම වාර 10ක් දක්වා.",
  logEmpty: "තවම postback නැත.",
  logCaption: "Postback, පිටුව {page}",
  columns: {
    at: "කවදාද (කොළඹ වේලාව)",
    clickId: "ක්ලික් අංකය",
    status: "තත්ත්වය",
    payout: "ගෙවීම (රු.)",
    attempts: "උත්සාහයන්",
    delivery: "යැවීම",
    lastError: "අවසන් දෝෂය",
  },
  statuses: {
    approved: "අනුමතයි",
    rejected: "ප්‍රතික්ෂේපිතයි",
    issued: "ණය ලබා දුන්නා",
  },
  states: {
    delivered: "ලැබුණා {time}",
    retrying: "ඊළඟ උත්සාහය {time}",
    failed: "අත්හැරියා {time}",
    unsent: "නොයැවුණා: එවිට URL එකක් නොතිබුණි",
  },
  errors: {
    http: "HTTP {status} පිළිතුර",
    timeout: "කාලය තුළ පිළිතුරක් නැත",
    network: "සම්බන්ධ වීමට නොහැකි විය",
    refused: "ලිපිනය ප්‍රතික්ෂේප විය (https නොවේ, හෝ පොදු නොවේ)",
    partner_disabled: "ඔබේ ගිණුම නවත්වා තිබුණි",
    no_url: "postback URL එකක් නැත",
    other: "අසාර්ථකයි",
  },
  newer: "අලුත් postback",
  older: "පැරණි postback",
  logNav: "යැවීම් සටහනේ පිටු",
};

export function postbacksMessagesFor(locale: Locale): PostbacksMessages {
  return locale === "ta" ? postbacksTa : locale === "en" ? en : si;
}
