/**
 * The unsubscribe page's code step and its problems (issue 14), in English.
 * The request form's own labels are in en.ts; this key set is the contract
 * erasure-si.ts must match.
 */
export const erasureEn = {
  errorSend: "We could not send the code. Please try again in a moment.",
  errorBusy: "Too many codes were asked for. Please try again in {minutes} min.",
  errorExpired:
    "That code has expired or was already used. Enter your details again to get a new code.",
  errorTries: "Too many wrong codes. Enter your details again to get a new code.",
  confirmTitle: "Enter your code",
  confirmIntroBoth:
    "We sent one code by e-mail and another by SMS. Enter either of them; we then ask for the other. Each code deletes only the data of the address or number it was sent to.",
  confirmIntroEmail:
    "We sent a code to the e-mail address you gave. It deletes the data we hold for that address.",
  confirmIntroPhone:
    "We sent a code by SMS to the mobile number you gave. It deletes the data we hold for that number.",
  codeLabelBoth: "Code from the e-mail or the SMS",
  codeLabelEmail: "Code from the e-mail",
  codeLabelPhone: "Code from the SMS",
  codeHint: "6 digits. It works for {minutes} minutes. Nothing is deleted without it.",
  confirmSubmit: "Delete my data",
  errorCode: "Enter the 6-digit code from the message",
  errorWrong: "That code is not right. You can try {tries} more times.",
  errorWrongOne: "That code is not right. You can try once more.",
  errorCodeBusy: "Too many attempts. Please try again in {minutes} min.",
  doneEmail: "Done for your e-mail address: we deleted the data we held for it.",
  donePhone: "Done for your mobile number: we deleted the data we held for it.",
  nextEmail:
    "To delete the data of your e-mail address too, enter the code we sent to it. If you can no longer read that e-mail, you can leave this page: nothing more is deleted without its code.",
  nextPhone:
    "To delete the data of your mobile number too, enter the code we sent by SMS. If you no longer have that phone, you can leave this page: nothing more is deleted without its code.",
  newCode: "No code, or it expired? Ask for a new one",
} as const;
