/**
 * The Tamil names of the sample catalogue's products and lenders (issue 20),
 * beside lk.json, which holds them in English and Sinhala. Not yet used:
 * when `ta` becomes a locale they go into lk.json as the `ta` of each
 * `headers` and `lender.names` (core/domain/schemas/offer.ts and lender-record.ts
 * then take an optional `ta`); docs/tamil-wiring.md. Made-up names, like
 * the Sinhala ones, with Sri Lankan Tamil words (ஒழுங்கை, களப்பு, முற்பணம்).
 */
export const LK_HEADERS_TA: Readonly<Record<number, string>> = {
  101: "சம்பள முற்பணம் 90",
  102: "முதல் கடன் இலவசம்",
  103: "அறுவடைத் தவணை 12",
  104: "விரைவுப் பணம் 75",
  105: "வர்த்தகர் நடைமுறை மூலதனம்",
  106: "ஓய்வூதியம் பிளஸ் 6",
  107: "அட்டைக்குப் பணம் 120",
  108: "குடும்பத் தேவைகள் 9",
  109: "மீன்பிடிப் பருவ முற்பணம்",
  110: "கல்வித் தவணை 6",
  111: "வியாபாரப் பாலக் கடன் 110",
  112: "வார இறுதி முற்பணம் 75",
};

export const LK_LENDER_NAMES_TA: Readonly<Record<string, string>> = {
  "kandy-lane": "கண்டி ஒழுங்கைக் கடன்",
  "lagoon-kite": "களப்புப் பட்ட நிதி",
  "tea-terrace": "தேயிலைப் படிக் கடன்",
  "monsoon-step": "பருவமழைப் படிக் கடன்கள்",
  "coral-bay": "பவளக் குடாக் கடன்",
  "peacock-path": "மயில் பாதை நிதி",
  "jackfruit-tree": "பலா மரக் கடன்",
  "lotus-pond": "தாமரைக் குளப் பணம்",
  "stilt-fisher": "கம்பு மீனவர் கடன்கள்",
  "rainforest-leaf": "மழைக்காட்டு இலைக் கடன்",
  "paddy-field": "வயல்வெளி நிதி",
  "waterfall-mile": "நீர்வீழ்ச்சி மைல் கடன்",
};
