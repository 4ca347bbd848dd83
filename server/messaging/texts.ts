import { catalog } from "../../core/locale";
import { textsTa } from "./texts-ta";

/**
 * What our SMS and e-mails say, in each language: the catalogs of the
 * server's own messages. `{placeholders}` are filled by the messenger
 * (core/messages fill). A message never carries more personal data than the
 * code or link it exists for.
 */
const textsEn = {
  applicationCodeSms:
    "NayaCompare: your code is {code}. Enter it to confirm your loan application. It works for {minutes} minutes. Never share it with anyone, lenders included.",
  erasureCodeSms:
    "NayaCompare: your code is {code}. Enter it to confirm that we delete your personal data. It works for {minutes} minutes. If you did not ask for this, ignore this message.",
  erasureCodeSubject: "Your code to delete your data from NayaCompare",
  erasureCodeMail:
    "Hello,\n\nSomeone, probably you, asked NayaCompare to delete the personal data we hold for this e-mail address. To confirm, enter this code on the page where you asked:\n\n{code}\n\nThe code works for {minutes} minutes. If you did not ask for this, ignore this e-mail: nothing will be deleted.\n\nNayaCompare",
  applicationConfirmationSubject: "Your loan application at NayaCompare",
  applicationConfirmationMail:
    "Thank you for applying through NayaCompare. Your offers are here:\n\n{link}\n\nThe link works for {days} days and shows your offers only, never your personal details. We are not a lender: the lender you choose decides on your loan and makes the agreement with you. We never ask you for a fee.\n\nIf you did not apply, ignore this e-mail, or ask us to delete your data: {erasure}\n\nNayaCompare",
  offersLinkSms:
    "NayaCompare: your loan offers are here: {link} The link works until {date} and shows your offers only. We never ask you for a fee.",
  offersLinkSubject: "Your loan offers at NayaCompare",
  offersLinkMail:
    "Hello,\n\nYou asked us to send you the link to your loan offers at NayaCompare:\n\n{link}\n\nThe link works until {date}, on this device or another, and shows your offers only, never your personal details. We are not a lender and we never ask you for a fee.\n\nIf you did not ask for this, ignore this e-mail.\n\nNayaCompare",
  staffEnrolmentSubject: "Your NayaCompare back-office account",
  staffEnrolmentMail:
    "Hello,\n\nAn account in the NayaCompare back office is ready for you. Open this link to set your password and two-step sign-in:\n\n{link}\n\nThe link works once, for {hours} hours. If you did not expect this e-mail, ignore it: nothing happens without the link.\n\nNayaCompare",
  lenderInvitationSubject: "Your NayaCompare lender portal account",
  lenderInvitationMail:
    "Hello,\n\nAn account in the NayaCompare lender portal is ready for you, for {lender}. Open this link to set your password and two-step sign-in:\n\n{link}\n\nThe link works once, for {hours} hours. If you did not expect this e-mail, ignore it: nothing happens without the link.\n\nNayaCompare",
  partnerVerifySubject: "Confirm your e-mail for the NayaCompare partner programme",
  partnerVerifyMail:
    "Hello,\n\nThank you for signing up for the NayaCompare partner programme. To confirm that this e-mail address is yours, open this link:\n\n{link}\n\nThe link works once, for {hours} hours. Then we look at your sign-up and tell you when your account is approved. If you did not sign up, ignore this e-mail: nothing happens without the link.\n\nNayaCompare",
  partnerClaimSubject: "Your NayaCompare partner account is ready",
  partnerClaimMail:
    "Hello,\n\nYou are a NayaCompare partner, and your account in the partner portal is ready for you. Open this link to set your password and accept the partner programme terms:\n\n{link}\n\nThe link works once, for {hours} hours. If you did not expect this e-mail, ignore it: nothing happens without the link.\n\nNayaCompare",
  partnerResetSubject: "Set a new password for your NayaCompare partner account",
  partnerResetMail:
    "Hello,\n\nSomeone, probably you, asked to set a new password for the NayaCompare partner account of this e-mail address. Open this link to choose it:\n\n{link}\n\nThe link works once, for {hours} hours. If you did not ask for this, ignore this e-mail: your password stays as it is.\n\nNayaCompare",
  partnerApprovedSubject: "Your NayaCompare partner account is approved",
  partnerApprovedMail:
    "Hello,\n\nGood news: we have approved your sign-up for the NayaCompare partner programme. Your keys work from now on. Sign in to find your partner id and publishable key:\n\n{link}\n\nNayaCompare",
  partnerRejectedSubject: "Your sign-up for the NayaCompare partner programme",
  partnerRejectedMail:
    "Hello,\n\nThank you for your interest in the NayaCompare partner programme. We have looked at your sign-up and cannot accept it at this time. If you think we missed something, reply to this e-mail. Your account stays at:\n\n{link}\n\nNayaCompare",
  partnerPayoutChangedSubject: "The payout details of your NayaCompare partner account changed",
  partnerPayoutChangedMail:
    "Hello,\n\nThe payout details of your NayaCompare partner account were changed in the partner portal. We pay into the new account from now on. You can see them, partly hidden, on your account page:\n\n{link}\n\nIf you did not make this change, reply to this e-mail at once and change your password.\n\nNayaCompare",
  partnerPasswordChangedSubject: "The password of your NayaCompare partner account changed",
  partnerPasswordChangedMail:
    'Hello,\n\nThe password of your NayaCompare partner account was changed in the partner portal, and every other session of the account was signed out. Your account page:\n\n{link}\n\nIf you did not make this change, reset your password at once with "Forgot your password?" on the sign-in page, and reply to this e-mail.\n\nNayaCompare',
  partnerTwoStepOffSubject: "Two-step sign-in was turned off for your NayaCompare partner account",
  partnerTwoStepOffMail:
    "Hello,\n\nTwo-step sign-in was turned off for your NayaCompare partner account in the partner portal: from now on the password alone signs in. You can turn it on again on your account page:\n\n{link}\n\nIf you did not make this change, change your password at once and reply to this e-mail.\n\nNayaCompare",
} as const;

export type MessageTexts = { readonly [Key in keyof typeof textsEn]: string };

const textsSi = {
  applicationCodeSms:
    "NayaCompare: ඔබේ කේතය {code}. ඔබේ ණය අයදුම්පත තහවුරු කිරීමට එය ඇතුළත් කරන්න. එය මිනිත්තු {minutes}ක් වලංගු වේ. ණය දෙන්නන් ඇතුළු කිසිවෙකුට එය නොදෙන්න.",
  erasureCodeSms:
    "NayaCompare: ඔබේ කේතය {code}. ඔබේ පුද්ගලික දත්ත මකා දැමීම තහවුරු කිරීමට එය ඇතුළත් කරන්න. එය මිනිත්තු {minutes}ක් වලංගු වේ. ඔබ මෙය ඉල්ලුවේ නැත්නම්, මෙම පණිවිඩය නොසලකා හරින්න.",
  erasureCodeSubject: "NayaCompare වෙතින් ඔබේ දත්ත මකා දැමීමට කේතය",
  erasureCodeMail:
    "ආයුබෝවන්,\n\nකවුරුන් හෝ, බොහෝ විට ඔබ, මෙම ඊමේල් ලිපිනය සඳහා අප සතු පුද්ගලික දත්ත මකා දමන ලෙස NayaCompare වෙතින් ඉල්ලා සිටියේය. තහවුරු කිරීමට, ඔබ ඉල්ලීම කළ පිටුවේ මෙම කේතය ඇතුළත් කරන්න:\n\n{code}\n\nකේතය මිනිත්තු {minutes}ක් වලංගු වේ. ඔබ මෙය ඉල්ලුවේ නැත්නම්, මෙම ඊමේල් එක නොසලකා හරින්න: කිසිවක් මකා නොදැමේ.\n\nNayaCompare",
  applicationConfirmationSubject: "NayaCompare හි ඔබේ ණය අයදුම්පත",
  applicationConfirmationMail:
    "NayaCompare හරහා අයදුම් කළාට ස්තූතියි. ඔබේ දීමනා මෙතැන ඇත:\n\n{link}\n\nසබැඳිය දින {days}ක් වලංගු වන අතර ඔබේ දීමනා පමණක් පෙන්වයි, ඔබේ පුද්ගලික තොරතුරු කිසි විටෙක නොපෙන්වයි. අපි ණය දෙන්නෙක් නොවෙමු: ඔබ තෝරන ණය දෙන්නා ඔබේ ණය ගැන තීරණය කර ඔබ සමඟ ගිවිසුම ඇති කර ගනී. අපි කිසි විටෙක ඔබෙන් ගාස්තුවක් ඉල්ලන්නේ නැත.\n\nඔබ අයදුම් නොකළේ නම්, මෙම ඊමේල් එක නොසලකා හරින්න, නැතහොත් ඔබේ දත්ත මකා දමන ලෙස අපෙන් ඉල්ලන්න: {erasure}\n\nNayaCompare",
  offersLinkSms:
    "NayaCompare: ඔබේ ණය දීමනා මෙතැන: {link} සබැඳිය {date} දක්වා වලංගු වන අතර ඔබේ දීමනා පමණක් පෙන්වයි. අපි කිසි විටෙක ඔබෙන් ගාස්තුවක් ඉල්ලන්නේ නැත.",
  offersLinkSubject: "NayaCompare හි ඔබේ ණය දීමනා",
  offersLinkMail:
    "ආයුබෝවන්,\n\nNayaCompare හි ඔබේ ණය දීමනා වෙත සබැඳිය එවන ලෙස ඔබ ඉල්ලා සිටියා:\n\n{link}\n\nසබැඳිය {date} දක්වා, මෙම උපාංගයේ හෝ වෙනත් උපාංගයක, වලංගු වේ. එය ඔබේ දීමනා පමණක් පෙන්වයි, ඔබේ පුද්ගලික තොරතුරු කිසි විටෙක නොපෙන්වයි. අපි ණය දෙන්නෙක් නොවන අතර කිසි විටෙක ඔබෙන් ගාස්තුවක් ඉල්ලන්නේ නැත.\n\nඔබ මෙය ඉල්ලුවේ නැත්නම්, මෙම ඊමේල් එක නොසලකා හරින්න.\n\nNayaCompare",
  staffEnrolmentSubject: "ඔබේ NayaCompare පසු කාර්යාල ගිණුම",
  staffEnrolmentMail:
    "ආයුබෝවන්,\n\nNayaCompare පසු කාර්යාලයේ ඔබ සඳහා ගිණුමක් සූදානම්ය. ඔබේ මුරපදය සහ පියවර දෙකේ පිවිසුම සැකසීමට මෙම සබැඳිය විවෘත කරන්න:\n\n{link}\n\nසබැඳිය එක් වරක් පමණක්, පැය {hours}ක් වලංගු වේ. ඔබ මෙම ඊමේල් එක බලාපොරොත්තු නොවූයේ නම්, එය නොසලකා හරින්න: සබැඳිය නොමැතිව කිසිවක් සිදු නොවේ.\n\nNayaCompare",
  lenderInvitationSubject: "ඔබේ NayaCompare ණය දෙන්නා ද්වාර ගිණුම",
  lenderInvitationMail:
    "ආයුබෝවන්,\n\n{lender} වෙනුවෙන් NayaCompare ණය දෙන්නා ද්වාරයේ ඔබ සඳහා ගිණුමක් සූදානම්ය. ඔබේ මුරපදය සහ පියවර දෙකේ පිවිසුම සැකසීමට මෙම සබැඳිය විවෘත කරන්න:\n\n{link}\n\nසබැඳිය එක් වරක් පමණක්, පැය {hours}ක් වලංගු වේ. ඔබ මෙම ඊමේල් එක බලාපොරොත්තු නොවූයේ නම්, එය නොසලකා හරින්න: සබැඳිය නොමැතිව කිසිවක් සිදු නොවේ.\n\nNayaCompare",
  partnerVerifySubject: "NayaCompare හවුල්කරු වැඩසටහන සඳහා ඔබේ ඊමේල් ලිපිනය තහවුරු කරන්න",
  partnerVerifyMail:
    "ආයුබෝවන්,\n\nNayaCompare හවුල්කරු වැඩසටහනට ලියාපදිංචි වූවාට ස්තූතියි. මෙම ඊමේල් ලිපිනය ඔබගේ බව තහවුරු කිරීමට මෙම සබැඳිය විවෘත කරන්න:\n\n{link}\n\nසබැඳිය එක් වරක් පමණක්, පැය {hours}ක් වලංගු වේ. ඉන්පසු අපි ඔබේ ලියාපදිංචිය පරීක්ෂා කර, ගිණුම අනුමත වූ විට ඔබට දන්වන්නෙමු. ඔබ ලියාපදිංචි නොවූයේ නම්, මෙම ඊමේල් එක නොසලකා හරින්න: සබැඳිය නොමැතිව කිසිවක් සිදු නොවේ.\n\nNayaCompare",
  partnerClaimSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුම සූදානම්",
  partnerClaimMail:
    "ආයුබෝවන්,\n\nඔබ NayaCompare හවුල්කරුවෙකි; හවුල්කරු ද්වාරයේ ඔබේ ගිණුම දැන් සූදානම්. ඔබේ මුරපදය සකසා හවුල්කරු වැඩසටහනේ කොන්දේසි පිළිගැනීමට මෙම සබැඳිය විවෘත කරන්න:\n\n{link}\n\nසබැඳිය එක් වරක් පමණක්, පැය {hours}ක් වලංගු වේ. ඔබ මෙම ඊමේල් එක බලාපොරොත්තු නොවූයේ නම්, එය නොසලකා හරින්න: සබැඳිය නොමැතිව කිසිවක් සිදු නොවේ.\n\nNayaCompare",
  partnerResetSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුමට නව මුරපදයක් සකසන්න",
  partnerResetMail:
    "ආයුබෝවන්,\n\nමෙම ඊමේල් ලිපිනයේ NayaCompare හවුල්කරු ගිණුමට නව මුරපදයක් සැකසීමට කෙනෙක්, බොහෝ විට ඔබ, ඉල්ලා සිටියා. එය තෝරා ගැනීමට මෙම සබැඳිය විවෘත කරන්න:\n\n{link}\n\nසබැඳිය එක් වරක් පමණක්, පැය {hours}ක් වලංගු වේ. ඔබ මෙය ඉල්ලුවේ නැත්නම්, මෙම ඊමේල් එක නොසලකා හරින්න: ඔබේ මුරපදය වෙනස් නොවේ.\n\nNayaCompare",
  partnerApprovedSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුම අනුමතයි",
  partnerApprovedMail:
    "ආයුබෝවන්,\n\nසුබ පණිවිඩයක්: NayaCompare හවුල්කරු වැඩසටහනට ඔබේ ලියාපදිංචිය අපි අනුමත කළෙමු. මේ මොහොතේ සිට ඔබේ යතුරු ක්‍රියා කරයි. ඔබේ හවුල්කරු හැඳුනුම සහ publishable key එක දැක ගැනීමට පිවිසෙන්න:\n\n{link}\n\nNayaCompare",
  partnerRejectedSubject: "NayaCompare හවුල්කරු වැඩසටහනට ඔබේ ලියාපදිංචිය",
  partnerRejectedMail:
    "ආයුබෝවන්,\n\nNayaCompare හවුල්කරු වැඩසටහන ගැන ඔබ දැක්වූ උනන්දුවට ස්තූතියි. අපි ඔබේ ලියාපදිංචිය පරීක්ෂා කළ නමුත්, මේ අවස්ථාවේ එය පිළිගත නොහැක. අපට යමක් මඟ හැරුණා යැයි ඔබ සිතන්නේ නම්, මෙම ඊමේල් එකට පිළිතුරු දෙන්න. ඔබේ ගිණුම මෙතැන ඇත:\n\n{link}\n\nNayaCompare",
  partnerPayoutChangedSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුමේ ගෙවීම් විස්තර වෙනස් විය",
  partnerPayoutChangedMail:
    "ආයුබෝවන්,\n\nහවුල්කරු ද්වාරයේදී ඔබේ NayaCompare හවුල්කරු ගිණුමේ ගෙවීම් විස්තර වෙනස් කරන ලදී. මෙතැන් සිට අපි ගෙවන්නේ නව ගිණුමටයි. ඔබේ ගිණුම් පිටුවේ ඒවා, කොටසක් සඟවා, දැක ගත හැක:\n\n{link}\n\nමෙම වෙනස ඔබ කළේ නැත්නම්, වහාම මෙම ඊමේල් එකට පිළිතුරු දී ඔබේ මුරපදය වෙනස් කරන්න.\n\nNayaCompare",
  partnerPasswordChangedSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුමේ මුරපදය වෙනස් විය",
  partnerPasswordChangedMail:
    'ආයුබෝවන්,\n\nහවුල්කරු ද්වාරයේදී ඔබේ NayaCompare හවුල්කරු ගිණුමේ මුරපදය වෙනස් කරන ලද අතර, ගිණුමේ අනෙක් සියලු පිවිසුම් අවසන් කරන ලදී. ඔබේ ගිණුම් පිටුව:\n\n{link}\n\nමෙම වෙනස ඔබ කළේ නැත්නම්, පිවිසුම් පිටුවේ "මුරපදය අමතකද?" මගින් වහාම ඔබේ මුරපදය යළි සකසා, මෙම ඊමේල් එකට පිළිතුරු දෙන්න.\n\nNayaCompare',
  partnerTwoStepOffSubject: "ඔබේ NayaCompare හවුල්කරු ගිණුමේ පියවර දෙකේ පිවිසුම අක්‍රිය කරන ලදී",
  partnerTwoStepOffMail:
    "ආයුබෝවන්,\n\nහවුල්කරු ද්වාරයේදී ඔබේ NayaCompare හවුල්කරු ගිණුමේ පියවර දෙකේ පිවිසුම අක්‍රිය කරන ලදී: මෙතැන් සිට මුරපදය පමණක් පිවිසීමට ප්‍රමාණවත් වේ. ඔබේ ගිණුම් පිටුවේදී එය නැවත සක්‍රිය කළ හැක:\n\n{link}\n\nමෙම වෙනස ඔබ කළේ නැත්නම්, වහාම ඔබේ මුරපදය වෙනස් කර මෙම ඊමේල් එකට පිළිතුරු දෙන්න.\n\nNayaCompare",
} as const satisfies MessageTexts;

export const messageTextsFor = catalog<MessageTexts>({ en: textsEn, si: textsSi, ta: textsTa });
