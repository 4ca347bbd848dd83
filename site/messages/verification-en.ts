/**
 * The one-time code step's English copy (issue 14): after an application,
 * on the application page and on the offers page of an application that
 * waits for its code. Its keys are the contract for verification-si.ts.
 * Only the code form's chunk loads these catalogs (site/messages/verification.ts).
 */
export const verificationEn = {
  codeTitle: "Enter the code we sent you",
  codeIntroPhone: "We sent a six-digit code by SMS to {phone}.",
  codeIntro: "We sent a six-digit code by SMS to the mobile number in your application.",
  codeWhy:
    "Enter it to see your offers. Each code works for {minutes} minutes. Until the code is entered, your application goes to no lender.",
  codeLabel: "Code from the SMS",
  codeHint: "6 digits",
  codeSubmit: "Confirm",
  codeChecking: "Checking…",
  codeResend: "Send a new code",
  codeResending: "Sending a new code…",
  codeResendWait: "You can ask for a new code in {time}.",
  codeResent: "We sent a new code. Only the newest code works.",
  codeEmpty: "Enter the six digits from the SMS.",
  codeWrong: "That is not the code we sent. Tries left: {tries}.",
  codeTooManyTries: "That code was tried too many times. Ask for a new code below.",
  codeExpired: "That code has expired. Ask for a new code below.",
  codeNetwork: "We could not reach our service. Check your connection and try again.",
  codeOffline:
    "We could not reach our service. Your code is kept: it goes as soon as your connection returns, or press the button again.",
  codeThrottled: "Too many attempts. Please wait a few minutes and try again.",
  codeNotSent: "We could not send the SMS just now. Please try again in a minute.",
  codeGone: "This application no longer waits for a code. Please apply again.",
  codeApplyAgain: "Apply again",
  codeVerified: "Thank you, your number is confirmed. Opening your offers…",
  codeChangeDetails: "Wrong number? Change your details",
  codeNoScript:
    "Entering the code needs JavaScript. Please turn JavaScript on in your browser, or use another browser.",
} as const;
