import { catalog } from "../../../../core/locale";
import type {
  DeliveryError,
  DeliveryRow,
  PostbackMacro,
  PostbackStatus,
  TemplateProblem,
  TestSendProblem,
} from "../../../../core/views/portal/postbacks";
import { postbacksSi } from "./postbacks-messages-si";
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

export const postbacksMessagesFor = catalog<PostbacksMessages>({
  si: postbacksSi,
  en,
  ta: postbacksTa,
});
