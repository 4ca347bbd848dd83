import type { OffersMessages } from "./offers";

/** A visitor's own offers page in Sinhala (issue 15); the keys of offers-en.ts. */
export const offersSi = {
  thanksTitle: "ස්තූතියි! මෙන්න ඔබේ දීමනා",
  thanksText:
    "දින {days}ක කාලයකට {amount} සඳහා ඔබේ අයදුම්පත ලැබුණි. ණය දෙන ආයතනවල පූර්ව අනුමැතීන් මුලින්ම ද, ඉන්පසු ඊට ගැළපෙන දීමනා ද පෙන්වයි; එක් එක් කොටසේ අඩුම මුළු මුදල මුලින්ම.",
  thanksNote:
    "ණය දෙන ආයතනය ඔබේ අයදුම්පත පරීක්ෂා කර, ණය ගැන තීරණය කර, ඔබ සමඟ ගිවිසුම අත්සන් කරයි. අපි ණය දෙන ආයතනයක් නොවන අතර ඔබෙන් කිසිවිටෙක මුදල් අය නොකරමු.",
  askingOne: "ණය දෙන ආයතනයකින් තීරණය විමසමින්…",
  askingOther: "ණය දෙන ආයතන {count}කින් තීරණ විමසමින්…",
  answeredCount: "මේ වන විට {count}න් {answered}ක් පිළිතුරු දී ඇත.",
  askedDone: "ණය දෙන ආයතන {count}න් {answered}ක් පිළිතුරු දුන්නා.",
  approvedTitleOne: "පූර්ව අනුමත දීමනාවක්",
  approvedTitleOther: "පූර්ව අනුමත දීමනා {count}ක්",
  approvedIntro:
    "පූර්ව අනුමැතියක් යනු ණය දෙන ආයතනය ඔබේ අයදුම්පත බලා, පෙන්වා ඇති කොන්දේසි මත ණය දීමට එකඟ වූ බවයි. ඔබ එහි වෙබ් අඩවියේ අයදුම් කළ විට ණය දෙන ආයතනය එය තහවුරු කරයි.",
  preApproved: "පූර්ව අනුමතයි",
  approvedAmount: "අනුමත මුදල",
  approvedTerm: "කාලය",
  daysValue: "දින {days}",
  smallerAmount: "ඔබ ඉල්ලූ {asked}ට වඩා අඩුයි.",
  otherTerm: "ඔබ ඉල්ලූ දින {asked} නොව, දින {days}ක කාලයකට.",
  validUntil: "දීමනාව {date} දක්වා වලංගුයි.",
  declinedOne: "මෙවර එක් ණය දෙන ආයතනයක් ඔබට ණයක් පිරිනැමුවේ නැත: {names}.",
  declinedOther: "මෙවර ණය දෙන ආයතන {count}ක් ඔබට ණයක් පිරිනැමුවේ නැත: {names}.",
  unansweredOne: "එක් ණය දෙන ආයතනයක් නියමිත වේලාවට පිළිතුරු දුන්නේ නැත: {names}.",
  unansweredOther: "ණය දෙන ආයතන {count}ක් නියමිත වේලාවට පිළිතුරු දුන්නේ නැත: {names}.",
  declinedNote:
    "සෑම ණය දෙන ආයතනයක්ම තමන්ගේම නිර්ණායක අනුව තීරණය කරයි; එක් ආයතනයක පිළිතුර තවත් ආයතනයක දීමනාව වෙනස් නොකරයි.",
  unnamedLender: "ණය දෙන ආයතනයක්",
  othersTitle: "වෙනත් දීමනා",
  othersNote:
    "මෙම ආයතන මෙම මුදල සහ කාලය සඳහා ණය දෙයි, නමුත් ඔබේ අයදුම්පත ඔවුන්ගේ සියලු නිර්ණායක (වයස, ආදායම හෝ රැකියාව) සපුරාලන්නේ නැත.",
  sortLabel: "දීමනා පෙළගස්වන්න",
  "sort:total": "ගෙවිය යුතු මුළු මුදල, අඩුම මුලින්",
  "sort:payment": "මාසික වාරිකය, අඩුම මුලින්",
  "sort:apr": "APR අනුපාතය, අඩුම මුලින්",
  sortSubmit: "පෙළගස්වන්න",
  sortNote: "පූර්ව අනුමත දීමනා ඉහළින්ම පවතී.",
  newTab: "නව ටැබයක විවෘත වේ",
} as const satisfies OffersMessages;
