import type { SendOffersMessages } from "./send-offers";

/** send-offers-en.ts in Sinhala. */
export const sendOffersSi = {
  sendTitle: "ඔබේ දීමනා සුරකින්න හෝ එවා ගන්න",
  sendIntro:
    "දින {days}ක් තුළ මෙම දීමනා නැවත බැලීමට, මෙම උපාංගයෙන් හෝ වෙනත් උපාංගයකින්, සබැඳියක් අපි ඔබට එවන්නෙමු. එය ඔබේ දීමනා පමණක් පෙන්වයි, ඔබේ තොරතුරු කිසි විටෙක නොපෙන්වයි.",
  sendChannel: "සබැඳිය එවිය යුත්තේ",
  sendBySms: "{phone} අංකයට SMS මගින්",
  sendBySmsPlain: "ඔබ තහවුරු කළ අංකයට SMS මගින්",
  sendByEmail: "ඊමේල් මගින්",
  sendEmailLabel: "ඊමේල් ලිපිනය",
  sendEmailHint: "ඔබේ අයදුම්පතේ ඇති ලිපිනය ({email}) භාවිත කිරීමට මෙය හිස්ව තබන්න.",
  sendEmailHintPlain: "අපි එය භාවිත කරන්නේ මෙම සබැඳිය එවීමට පමණි.",
  sendButton: "සබැඳිය එවන්න",
  sending: "එවමින්…",
  sentSms: "{to} අංකයට SMS මගින් එව්වා. සබැඳිය {date} දක්වා වලංගුයි.",
  sentEmail: "{to} වෙත එව්වා. සබැඳිය {date} දක්වා වලංගුයි.",
  sendErrorEmail: "name@example.com වැනි ඊමේල් ලිපිනයක් ඇතුළත් කරන්න.",
  sendErrorBusy: "ඔබ මෙම සබැඳිය බොහෝ වාර ගණනක් ඉල්ලා ඇත. කරුණාකර පසුව නැවත උත්සාහ කරන්න.",
  sendErrorNotSent: "දැන් සබැඳිය එවීමට අපට නොහැකි විය. කරුණාකර මිනිත්තුවකින් නැවත උත්සාහ කරන්න.",
  sendErrorGone: "මෙම බ්‍රවුසරයේ තවදුරටත් ඔබේ අයදුම්පත නැති නිසා එහි දීමනා එවිය නොහැක.",
  sendErrorNetwork: "අපගේ සේවාවට සම්බන්ධ විය නොහැකි විය. ඔබේ සම්බන්ධතාවය පරීක්ෂා කර නැවත උත්සාහ කරන්න.",
  linkSentTitle: "සබැඳිය එව්වා",
  linkSentSms: "ඔබ තහවුරු කළ අංකයට අපි SMS මගින් සබැඳිය එව්වා. එය {date} දක්වා වලංගුයි.",
  linkSentEmail: "අපි ඊමේල් මගින් සබැඳිය එව්වා. එය {date} දක්වා වලංගුයි.",
  linkProblemTitle: "සබැඳිය එවුණේ නැත",
  backToOffers: "ඔබේ දීමනා වෙත ආපසු",
  linkExpiredTitle: "මෙම සබැඳිය තවදුරටත් ක්‍රියා නොකරයි",
  linkExpiredText:
    "ඔබේ දීමනා වෙත සබැඳියක් දින {days}ක් වලංගු වේ. මෙම සබැඳිය කල් ඉකුත් වී ඇත, නැතහොත් එය විවෘත කළ අයදුම්පත මකා දමා ඇත. ඔබේ තොරතුරු ආරක්ෂිතයි: සබැඳිය කිසි විටෙක ඒවා පෙන්වූයේ නැත.",
  linkExpiredWayOn:
    "දීමනා නැවත සසඳන්න: එය නොමිලේ වන අතර මිනිත්තු කිහිපයක් ගත වේ. ඔබ මෙම උපාංගයෙන් අයදුම් කළේ නම්, ඔබේ දීමනා තවමත් දීමනා පිටුවේ තිබිය හැක.",
  linkExpiredApply: "ණය දීමනා සසඳන්න",
  linkExpiredOffers: "දීමනා පිටුව විවෘත කරන්න",
} as const satisfies SendOffersMessages;
