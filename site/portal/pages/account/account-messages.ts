import { catalog } from "../../../../core/locale";
import type { AccountNotice } from "../../../../core/views/portal/account";
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

const si: AccountMessages = {
  kind: "ඔබ ලියාපදිංචි වූයේ",
  detailsTitle: "ඔබේ විස්තර",
  detailsIntro: "ලියාපදිංචි වන විට ඔබ අපට දුන් තොරතුරු. ඒවා යාවත්කාලීනව තබා ගන්න: අපේ කණ්ඩායම ඒවා කියවයි.",
  saveDetails: "විස්තර සුරකින්න",
  payoutTitle: "අපි ඔබට ගෙවන ආකාරය",
  payoutMethod: "ක්‍රමය",
  payoutAccount: "ගිණුම",
  notGiven: "තවම ලබා දී නැත",
  payoutIntro:
    "ඔබේ ආරක්ෂාව සඳහා අපි ගිණුමේ අවසාන අක්ෂර කිහිපය පමණක් පෙන්වමු. ගෙවීම් විස්තර වෙනස් වන සෑම විටම, අපි ඔබේ ඊමේල් ලිපිනයට දැනුම්දීමක් එවන්නෙමු.",
  payoutChange: "ගෙවීම් විස්තර වෙනස් කරන්න",
  newPayoutDetails: "නව ගෙවීම් විස්තර",
  savePayout: "ගෙවීම් විස්තර සුරකින්න",
  passwordTitle: "මුරපදය",
  passwordIntro: "මුරපදය වෙනස් කළ විට, අනෙක් සෑම තැනකින්ම ඔබ ගිණුමෙන් ඉවත් කෙරේ.",
  currentPassword: "වත්මන් මුරපදය",
  changePassword: "මුරපදය වෙනස් කරන්න",
  currentWrong: "වත්මන් මුරපදය නිවැරදි නැත.",
  recoveryTitle: "ප්‍රතිසාධන කේත",
  recoveryIntro:
    "ඔබේ දුරකථනය නැති වුවහොත්, යෙදුමේ කේතය වෙනුවට ප්‍රතිසාධන කේතයකින් ඔබට පිවිසිය හැක. සෑම කේතයක්ම එක් වරක් පමණක් ක්‍රියා කරයි. නව කේත පැරණි ඒවා වෙනුවට පැමිණේ.",
  recoveryLeft: (count: number) => `භාවිත නොකළ ප්‍රතිසාධන කේත ${count}ක් ඔබට ඇත.`,
  recoveryMake: "ප්‍රතිසාධන කේත සාදන්න",
  recoveryRemake: "නව ප්‍රතිසාධන කේත සාදන්න",
  recoveryShownTitle: "ඔබේ නව ප්‍රතිසාධන කේත",
  recoveryShown:
    "දැන්ම ඒවා ලියා ගන්න හෝ මුද්‍රණය කර ආරක්ෂිත තැනක තබා ගන්න: අපි ඒවා පෙන්වන්නේ මේ එක් වරක් පමණි. ඔබේ පැරණි කේත තවදුරටත් ක්‍රියා නොකරයි.",
  turnOffTitle: "පියවර දෙකේ පිවිසුම අක්‍රිය කරන්න",
  turnOffIntro: "ඔබේ මුරපදය සහ ඔබේ යෙදුම දැන් පෙන්වන කේතය ඇතුළත් කරන්න.",
  turnOff: "පියවර දෙකේ පිවිසුම අක්‍රිය කරන්න",
  notices: {
    details: "ඔබේ විස්තර සුරැකිණි.",
    payout: "ඔබේ ගෙවීම් විස්තර සුරැකිණි. අපි ඔබේ ඊමේල් ලිපිනයට දැනුම්දීමක් එව්වෙමු.",
    password: "ඔබේ මුරපදය වෙනස් විය. අනෙක් සෑම තැනකින්ම ඔබ ගිණුමෙන් ඉවත් කෙරිණි.",
    two_factor_off: "පියවර දෙකේ පිවිසුම අක්‍රිය විය.",
  },
  recoveryUse: "දුරකථනය නැති වුණාද? ප්‍රතිසාධන කේතයක් භාවිත කරන්න",
  recoveryCode: "ප්‍රතිසාධන කේතය",
  recoveryCodeHint: "උදා: 7k2mq-9xd4r. සෑම කේතයක්ම එක් වරක් පමණක් ක්‍රියා කරයි.",
  recoveryContinue: "ප්‍රතිසාධන කේතයෙන් පිවිසෙන්න",
};

export const accountMessagesFor = catalog<AccountMessages>({ si, en, ta: accountTa });
