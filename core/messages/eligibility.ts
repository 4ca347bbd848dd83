import { catalog } from "../locale";
import { eligibilityTa } from "./eligibility-ta";

/**
 * The eligibility check's copy (decision 0178), apart from the shared
 * catalogs: the site loads the check only on /how/, in a chunk of its own,
 * and these texts go with it. Same rules as the shared catalogs: Sinhala has
 * exactly the English keys (checked by the compiler) and placeholders
 * (messages.test.ts).
 */
const en = {
  eligibilityTitle: "Can you apply? Four quick questions",
  "question:over": "Are you between 18 and 70 years old?",
  "question:citizen": "Are you a Sri Lankan citizen or resident?",
  "question:validIdentity": "Do you have a valid national identity card (NIC)?",
  "question:validBank": "Do you have a mobile number and a bank account in your name?",
  yes: "Yes",
  no: "No",
  eligibilityFail: "No lender here can take your application yet:",
  "why:over":
    "Lenders here lend only from 18 to 70, and the application checks your age from your NIC. You can apply from your 18th birthday.",
  "why:citizen": "The application needs a Sri Lankan NIC, mobile number and bank account.",
  "why:validIdentity":
    "The application needs your NIC number: once yours is issued, you can apply.",
  "why:validBank":
    "The application needs a Sri Lankan mobile number and your bank: a savings account at any bank will do.",
  eligibilityChange: "If an answer was a mistake, change it above.",
  eligibilityPass:
    "You meet what every lender here requires. Each lender still decides for itself, from your age, income, employment and the loan; your offers show which match you.",
} as const;

const si = {
  eligibilityTitle: "ඔබට අයදුම් කළ හැකිද? කෙටි ප්‍රශ්න හතරක්",
  "question:over": "ඔබේ වයස අවුරුදු 18ත් 70ත් අතරද?",
  "question:citizen": "ඔබ ශ්‍රී ලංකාවේ පුරවැසියෙක් හෝ පදිංචිකරුවෙක්ද?",
  "question:validIdentity": "ඔබට වලංගු ජාතික හැඳුනුම්පතක් (NIC) තිබේද?",
  "question:validBank": "ඔබේ නමින් ජංගම දුරකථන අංකයක් සහ බැංකු ගිණුමක් තිබේද?",
  yes: "ඔව්",
  no: "නැත",
  eligibilityFail: "දැනට මෙහි කිසිදු ණය දෙන ආයතනයකට ඔබේ අයදුම්පත භාර ගත නොහැක:",
  "why:over":
    "මෙහි ආයතන ණය දෙන්නේ අවුරුදු 18 සිට 70 දක්වා අයට පමණි; අයදුම්පතේදී ඔබේ වයස NIC අංකයෙන් පරීක්ෂා කෙරේ. අවුරුදු 18 සපිරුණු දා සිට අයදුම් කළ හැකිය.",
  "why:citizen": "අයදුම්පතට ශ්‍රී ලංකා ජාතික හැඳුනුම්පතක්, ජංගම දුරකථන අංකයක් සහ බැංකු ගිණුමක් අවශ්‍යයි.",
  "why:validIdentity": "අයදුම්පතට ඔබේ NIC අංකය අවශ්‍යයි; හැඳුනුම්පත ලැබුණු පසු ඔබට අයදුම් කළ හැකිය.",
  "why:validBank":
    "අයදුම්පතට ශ්‍රී ලංකා ජංගම දුරකථන අංකයක් සහ ඔබේ බැංකුව අවශ්‍යයි; ඕනෑම බැංකුවක ඉතුරුම් ගිණුමක් ප්‍රමාණවත්.",
  eligibilityChange: "පිළිතුරක් වැරදියට දුන්නේ නම්, ඉහතින් එය වෙනස් කරන්න.",
  eligibilityPass:
    "මෙහි සෑම ආයතනයක්ම ඉල්ලන මූලික අවශ්‍යතා ඔබ සපුරයි. එහෙත් ඔබේ වයස, ආදායම, රැකියාව සහ ණය අනුව එක් එක් ආයතනය තමන්ම තීරණය කරයි; ඔබට ගැළපෙන ඒවා ඔබේ දීමනාවල දැක්වේ.",
} satisfies { readonly [Key in keyof typeof en]: string };

export type EligibilityMessages = { readonly [Key in keyof typeof en]: string };

export const eligibilityMessagesFor = catalog<EligibilityMessages>({ si, en, ta: eligibilityTa });
