import type { TrustMessages } from "./index";

/** The trust notes' Sinhala copy (issue 17). */
export const trustSi = {
  trustTitle: "ඔබට අප විශ්වාස කළ හැක්කේ ඇයි",
  trustLabel: "අපගේ සේවාව ගැන",
  trustFree: "නොමිලේ; අපි ණය දෙන්නන් නොවෙමු",
  trustNoCrib: "CRIB විමසීමක් නැත",
  trustLicensed: "බලපත්‍රලාභී ආයතන",
  trustCompany: "{site} පවත්වාගෙන යන්නේ {company} විසිනි",
  trustRegistration: "සමාගම් ලියාපදිංචි අංකය {registration}",
  trustNotLender: "අපි ණය දෙන ආයතනයක් නොවෙමු; ඔබෙන් කිසිම ගාස්තුවක් අය නොකරමු.",
  trustEarn:
    "අපට ගෙවන්නේ ණය දෙන ආයතන සහ හවුල්කරුවන් මිස ඔබ නොවේ. ඔවුන් ගෙවන මුදල දීමනාවල අනුපිළිවෙළ කිසිදා වෙනස් නොකරයි.",
  trustRank: "අපි දීමනා පෙළගස්වන ආකාරය",
  trustLicence: "සෑම දීමනාවකම ණය දෙන ආයතනයේ බලපත්‍ර අංකය දැක්වේ.",
  trustCrib:
    "මෙහි අයදුම් කිරීම ඔබේ CRIB වාර්තාවට බලපාන්නේ නැත: අපි ණය තොරතුරු විමසීමක් නොකරමු. ණය දීමට පෙර ණය දෙන ආයතනයක් එය පරීක්ෂා කළ හැක.",
  trustData:
    "ඔබේ අයදුම්පත ලැබෙන්නේ එයට ගැළපෙන ණය දෙන ආයතනවලට පමණි, එයත් ඔබේ කැමැත්ත ඇතිව පමණි (පුද්ගලික දත්ත ආරක්ෂණ පනත).",
  trustReach: "පුද්ගලයෙකු සමඟ කතා කරන්න:",
  trustCall: "අමතන්න {phone}",
  trustWhatsApp: "WhatsApp",
} satisfies TrustMessages;
