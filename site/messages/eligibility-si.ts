import type { EligibilityMessages } from "./eligibility";
import { employmentSi } from "./employment/employment-si";

/** The eligibility page's Sinhala copy. */
export const eligibilitySi = {
  title: "ඔබට ණය දීමට ඉඩ ඇති ණය දෙන්නන් කවුද?",
  description:
    "ඔබේ ණය, ආදායම, රැකියාව සහ වයස, එක් එක් ණය දෙන්නා ප්‍රකාශිත නිර්ණායක සමඟ: අයදුම් කිරීමට පෙර, ඉඩ ඇත, විය හැක හෝ ඉඩ අඩුයි. කිසිවක් ගබඩා නොකෙරේ, CRIB පරීක්ෂාවක් නැත.",
  intro:
    "ඔබේ පිළිතුරු එක් එක් ණය දෙන්නා ප්‍රකාශ කරන දේ සමඟ සසඳන්න. අපි ඒවායින් කිසිවක් තබා නොගනිමු, කොහේවත් නොයවමු; CRIB පරීක්ෂාවක් නැත.",
  amountLabel: "ණය මුදල (රුපියල්)",
  periodLabel: "ආපසු ගෙවීමේ කාලය",
  incomeLabel: "මාසික ආදායම (රුපියල්)",
  ...employmentSi,
  ageLabel: "වයස (අවුරුදු)",
  choose: "තෝරන්න",
  submit: "ණය දෙන්නන් පරීක්ෂා කරන්න",
  incomplete: "එක් එක් ණය දෙන්නා බැලීමට පිළිතුරු පහම පූර්ණ සංඛ්‍යාවලින් දෙන්න.",
  resultsTitle: "ණය දෙන්නා අනුව",
  summary: "ණය දෙන්නන් {count} දෙනාගෙන් {likely} ඉඩ ඇත, {possible} විය හැක, {unlikely} ඉඩ අඩුයි",
  "likelihood:likely": "ඉඩ ඇත",
  "likelihood:possible": "විය හැක",
  "likelihood:unlikely": "ඉඩ අඩුයි",
  met: "සපුරයි",
  notMet: "නොසපුරයි",
  amountCriterion: "මුදල {min}–{max}",
  termCriterion: "කාලය දින {min}–{max}",
  ageCriterion: "වයස {min}–{max}",
  ageBorderline: "වයස {min}–{max}: ඔබ ඉහළ සීමාවේ සිටී",
  incomeCriterion: "මසකට {min} සිට ආදායම",
  incomeFailed: "ආදායම මසකට {min} ට අඩුයි",
  incomeBorderline: "ආදායම අවම මසකට {min} ට ආසන්නයි",
  employmentCriterion: "{list} සඳහා",
  repaymentMonthly: "මසකට {payment}: ඔබේ ආදායමෙන් {share}",
  repaymentOnce: "එක් වරක් {payment}: ඔබේ ආදායමෙන් {share}",
  "repayment:fits": "ඔබේ ආදායමට ගැළපේ",
  "repayment:stretches": "බරක් වේ",
  "repayment:hard": "ගෙවීමට අපහසුයි",
  apply: "අයදුම් කරන්න",
  applyTo: "අයදුම් කරන්න: {lender}",
  rule: "ඉඩ ඇත: ප්‍රකාශිත සියලු නිර්ණායක සපුරා, වාරිකය ඔබේ ආදායමෙන් 30 % හෝ අඩු. විය හැක: නිර්ණායක සපුරා, නමුත් වාරිකය ආදායමෙන් 30–50 % හෝ පිළිතුරක් සීමාවේ. ඉඩ අඩුයි: නිර්ණායකයක් නොසපුරයි, හෝ වාරිකය ආදායමෙන් අඩකට වැඩියි. තීරණය ණය දෙන්නාගේ පමණි.",
  eligibilityLink: "ඔබට ණය දීමට ඉඩ ඇති ණය දෙන්නන් කවුද?",
} as const satisfies EligibilityMessages;
