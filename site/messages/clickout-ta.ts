import type { ClickoutMessages } from "./clickout";

/** The click-out page in Tamil: the keys of clickout-en.ts. */
export const clickoutTa = {
  clickoutTitle: "{lender} இற்கு",
  clickoutHeading: "நீங்கள் {lender} இற்குச் செல்கிறீர்கள்",
  clickoutChosen:
    "நீங்கள் {product} ஐத் தெரிவுசெய்தீர்கள். கடன் வழங்குநரின் சொந்தத் தளத்தில் விண்ணப்பிப்பீர்கள்; அது புதிய தாவலில் திறக்கும், உங்கள் சலுகைகள் இங்கேயே இருக்கும்.",
  clickoutAskTitle: "{lender} உங்களிடம் கேட்பவை",
  clickoutCriteria: "அது வெளியிட்ட நிபந்தனைகள்:",
  clickoutAskGeneral:
    "அதன் தளத்தில் உங்கள் விவரங்களை மீண்டும் கேட்கும்; உங்கள் தேசிய அடையாள அட்டை, அண்மைய சம்பளச் சீட்டு அல்லது வங்கிக் கூற்று போன்ற ஆவணங்களையும் கேட்கலாம்.",
  clickoutFreeTitle: "இலவசம்; முடிவு கடன் வழங்குநருடையது",
  clickoutFree:
    "நாங்கள் உங்களிடம் எதுவும் அறவிடுவதில்லை, இப்போதும் பின்னரும். உங்களுக்குக் கடன் வழங்குவதா, எந்த நிபந்தனைகளில் என்பதை {lender} மட்டுமே தீர்மானிக்கும்: கையொப்பமிடும் முன் அவற்றைப் படியுங்கள்.",
  clickoutContinue: "{lender} இற்குத் தொடரவும்",
  clickoutNewTab: "புதிய தாவலில் திறக்கும்",
  clickoutBack: "சலுகைகளுக்குத் திரும்பு",
} as const satisfies ClickoutMessages;
