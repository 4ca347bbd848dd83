import type { Locale } from "../../core/locale";
import { AUTHORS_TA } from "./authors-ta";

/** Our authors' ids, spelled out so that authors-ta.ts is checked against them without a cycle. */
export type AuthorId = "editorial-team";

/** Who writes our articles. One honest byline: no invented people. */
export const AUTHORS = {
  "editorial-team": {
    name: {
      en: "NayaCompare editorial team",
      si: "NayaCompare කර්තෘ මණ්ඩලය",
      ta: AUTHORS_TA["editorial-team"].name,
    },
    bio: {
      en: "We write practical guides on saving, budgeting and borrowing for households in Sri Lanka. We check our advice against public sources such as the Central Bank of Sri Lanka and CRIB, and we do not accept payment from lenders for articles.",
      si: "ශ්‍රී ලංකාවේ පවුල් සඳහා ඉතිරි කිරීම, අයවැය සැලසුම් කිරීම සහ ණය ගැනීම පිළිබඳ ප්‍රායෝගික මාර්ගෝපදේශ අපි ලියන්නෙමු. අපගේ උපදෙස් ශ්‍රී ලංකා මහ බැංකුව සහ CRIB වැනි පොදු මූලාශ්‍ර සමඟ සසඳා බලන අතර, ලිපි සඳහා ණය දෙන ආයතනවලින් මුදල් ලබා නොගනිමු.",
      ta: AUTHORS_TA["editorial-team"].bio,
    },
  },
} as const satisfies Record<
  AuthorId,
  { name: Record<Locale, string>; bio: Record<Locale, string> }
>;

export function isAuthorId(id: string): id is AuthorId {
  return Object.hasOwn(AUTHORS, id);
}
