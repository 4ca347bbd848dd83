import type { AuthorId } from "./authors";

/**
 * Our byline in Tamil (issue 20). Not yet used: when `ta` becomes a locale
 * these become the `ta` of each author's name and bio in authors.ts.
 */
export const AUTHORS_TA = {
  "editorial-team": {
    name: "NayaCompare ஆசிரியர் குழு",
    bio: "இலங்கைக் குடும்பங்களுக்கான சேமிப்பு, வரவுசெலவுத் திட்டமிடல், கடன் பெறுதல் பற்றிய நடைமுறை வழிகாட்டிகளை நாங்கள் எழுதுகிறோம். எங்கள் ஆலோசனைகளை இலங்கை மத்திய வங்கி, CRIB போன்ற பொது மூலங்களுடன் ஒப்பிட்டுச் சரிபார்க்கிறோம்; கட்டுரைகளுக்காகக் கடன் வழங்குநர்களிடமிருந்து நாங்கள் பணம் பெறுவதில்லை.",
  },
} as const satisfies Record<AuthorId, { name: string; bio: string }>;
