import { catalog } from "../../../../core/locale";
import type { AccountNotice } from "../../../../core/views/portal/account";
import { accountSi } from "./account-messages-si";
import { accountTa } from "./account-messages-ta";

/** The account page's words (issue 18), in all three languages; the compiler checks each. */
const en = {
  kind: "You signed up as",
  detailsTitle: "Your details",
  detailsIntro: "What you told us when you signed up. Keep it up to date: our team reads it.",
  saveDetails: "Save the details",
  payoutTitle: "How we pay you",
  payoutMethod: "Method",
  payoutAccount: "Account",
  notGiven: "Not given yet",
  payoutIntro:
    "For your safety we show only the last characters of the account. Whenever the payout details change, we send a notice to your e-mail address.",
  payoutChange: "Change the payout details",
  newPayoutDetails: "New payment details",
  savePayout: "Save the payout details",
  passwordTitle: "Password",
  passwordIntro: "Changing your password signs you out everywhere else.",
  currentPassword: "Current password",
  changePassword: "Change the password",
  currentWrong: "The current password is not right.",
  recoveryTitle: "Recovery codes",
  recoveryIntro:
    "If you lose your phone, a recovery code signs you in instead of your app's code. Each works once. New codes replace the old ones.",
  recoveryLeft: (count: number) =>
    count === 1 ? "You have 1 unused recovery code." : `You have ${count} unused recovery codes.`,
  recoveryMake: "Make recovery codes",
  recoveryRemake: "Make new recovery codes",
  recoveryShownTitle: "Your new recovery codes",
  recoveryShown:
    "Write them down or print them now and keep them somewhere safe: we show them only this once. Your old codes no longer work.",
  turnOffTitle: "Turn off two-step sign-in",
  turnOffIntro: "Enter your password and the code your app shows now.",
  turnOff: "Turn off two-step sign-in",
  notices: {
    details: "Your details are saved.",
    payout: "Your payout details are saved. We have sent a notice to your e-mail address.",
    password: "Your password is changed. You are signed out everywhere else.",
    two_factor_off: "Two-step sign-in is off.",
  } satisfies Record<AccountNotice, string>,
  /** On the sign-in's code step. */
  recoveryUse: "Lost your phone? Use a recovery code",
  recoveryCode: "Recovery code",
  recoveryCodeHint: "Like 7k2mq-9xd4r. Each code works once.",
  recoveryContinue: "Sign in with the recovery code",
};

export type AccountMessages = typeof en;

export const accountMessagesFor = catalog<AccountMessages>({ si: accountSi, en, ta: accountTa });
