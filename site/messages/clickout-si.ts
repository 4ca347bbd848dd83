import type { ClickoutMessages } from "./clickout";

/** The click-out page in Sinhala: the keys of clickout-en.ts. */
export const clickoutSi = {
  clickoutTitle: "{lender} වෙත",
  clickoutHeading: "ඔබ {lender} වෙත යමින් සිටී",
  clickoutChosen:
    "ඔබ {product} තෝරා ගත්තා. ඔබ අයදුම් කරන්නේ ණය දෙන්නාගේම වෙබ් අඩවියේ ය; එය නව ටැබයක විවෘත වේ, ඔබේ දීමනා මෙහි රැඳේ.",
  clickoutAskTitle: "{lender} ඔබෙන් විමසන දේ",
  clickoutCriteria: "එය ප්‍රකාශ කළ කොන්දේසි:",
  clickoutAskGeneral:
    "එහි වෙබ් අඩවියේ ඔබේ විස්තර නැවත විමසන අතර, ඔබේ ජාතික හැඳුනුම්පත සහ මෑත වැටුප් පත්‍රිකාවක් හෝ බැංකු ප්‍රකාශයක් වැනි ලේඛන ද ඉල්ලිය හැකිය.",
  clickoutFreeTitle: "නොමිලේ; තීරණය ණය දෙන්නාගේ",
  clickoutFree:
    "අපි ඔබෙන් කිසිවක් අය නොකරමු, දැන් හෝ පසුව. ඔබට ණය දෙන්නේද, කුමන කොන්දේසි මතද යන්න තීරණය කරන්නේ {lender} පමණි: අත්සන් කිරීමට පෙර ඒවා කියවන්න.",
  clickoutContinue: "{lender} වෙත යන්න",
  clickoutNewTab: "නව ටැබයක විවෘත වේ",
  clickoutBack: "දීමනා වෙත ආපසු",
} as const satisfies ClickoutMessages;
