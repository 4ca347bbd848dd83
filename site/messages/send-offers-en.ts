/**
 * "Save or send my offers" (issue 17, decision 0205): the offers page's
 * form (site/components/SendOffers.tsx) and the pages of the link
 * (/offers-link/sent/, /offers-link/expired/). Its keys are the contract
 * for send-offers-si.ts. Only the offers page's chunk and the link pages'
 * chunk load these catalogs (site/messages/send-offers.ts).
 */
export const sendOffersEn = {
  sendTitle: "Save or send your offers",
  sendIntro:
    "We can send you a link that opens these offers again for {days} days, on this device or another. It shows your offers only, never your details.",
  sendChannel: "Send the link by",
  sendBySms: "SMS to {phone}",
  sendBySmsPlain: "SMS to the number you confirmed",
  sendByEmail: "E-mail",
  sendEmailLabel: "E-mail address",
  sendEmailHint: "Leave it empty to use the address in your application ({email}).",
  sendEmailHintPlain: "We use it only to send this link.",
  sendButton: "Send the link",
  sending: "Sending…",
  sentSms: "Sent by SMS to {to}. The link works until {date}.",
  sentEmail: "Sent to {to}. The link works until {date}.",
  sendErrorEmail: "Enter an e-mail address such as name@example.com.",
  sendErrorBusy: "You have asked for this link many times. Please try again later.",
  sendErrorNotSent: "We could not send the link just now. Please try again in a minute.",
  sendErrorGone: "This browser no longer holds your application, so we cannot send its offers.",
  sendErrorNetwork: "We could not reach our service. Check your connection and try again.",
  linkSentTitle: "Link sent",
  linkSentSms: "We sent the link by SMS to the number you confirmed. It works until {date}.",
  linkSentEmail: "We sent the link by e-mail. It works until {date}.",
  linkProblemTitle: "The link was not sent",
  backToOffers: "Back to your offers",
  linkExpiredTitle: "This link no longer works",
  linkExpiredText:
    "A link to your offers works for {days} days. This one has expired, or the application it opened was deleted. Your details are safe: the link never showed them.",
  linkExpiredWayOn:
    "Compare the offers again: it is free and takes a few minutes. If you applied on this device, your offers may still be on the offers page.",
  linkExpiredApply: "Compare loan offers",
  linkExpiredOffers: "Open the offers page",
} as const;
