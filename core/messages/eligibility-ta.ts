import type { EligibilityMessages } from "./eligibility";

/**
 * The eligibility check's Tamil copy (issue 20; decision 0178 keeps this
 * copy apart from the shared catalogs). The same four questions as the
 * Tamil /how/ page (site/content/pages/ta/how.md), in its words. Not yet
 * served: docs/tamil-wiring.md says where it goes into eligibilityMessagesFor.
 */
export const eligibilityTa = {
  eligibilityTitle: "நீங்கள் விண்ணப்பிக்கலாமா? நான்கு சிறிய கேள்விகள்",
  "question:over": "உங்கள் வயது 18 முதல் 70 வரையா?",
  "question:citizen": "நீங்கள் இலங்கைப் பிரஜையா, அல்லது இலங்கையில் வதிபவரா?",
  "question:validIdentity": "உங்களிடம் செல்லுபடியான தேசிய அடையாள அட்டை (NIC) உள்ளதா?",
  "question:validBank": "உங்கள் பெயரில் ஒரு கைபேசி இலக்கமும் ஒரு வங்கிக் கணக்கும் உள்ளனவா?",
  yes: "ஆம்",
  no: "இல்லை",
  eligibilityFail: "இப்போதைக்கு இங்குள்ள எந்தக் கடன் வழங்குநராலும் உங்கள் விண்ணப்பத்தை ஏற்க முடியாது:",
  "why:over":
    "இங்குள்ள கடன் வழங்குநர்கள் 18 முதல் 70 வயது வரையானவர்களுக்கு மட்டுமே கடன் வழங்குகிறார்கள்; விண்ணப்பம் உங்கள் வயதை உங்கள் NIC இலிருந்து சரிபார்க்கிறது. உங்களுக்கு 18 வயது நிறைவடையும் நாளிலிருந்து விண்ணப்பிக்கலாம்.",
  "why:citizen": "விண்ணப்பத்துக்கு இலங்கை NIC, கைபேசி இலக்கம், வங்கிக் கணக்கு ஆகியவை தேவை.",
  "why:validIdentity": "விண்ணப்பத்துக்கு உங்கள் NIC இலக்கம் தேவை: உங்கள் அடையாள அட்டை கிடைத்ததும் விண்ணப்பிக்கலாம்.",
  "why:validBank":
    "விண்ணப்பத்துக்கு ஓர் இலங்கைக் கைபேசி இலக்கமும் உங்கள் வங்கியும் தேவை: எந்த வங்கியிலுள்ள சேமிப்புக் கணக்கும் போதுமானது.",
  eligibilityChange: "ஏதாவது ஒரு பதில் தவறாக இருந்தால், மேலே அதை மாற்றுங்கள்.",
  eligibilityPass:
    "இங்குள்ள எல்லாக் கடன் வழங்குநர்களும் கேட்கும் அடிப்படைத் தேவைகளை நீங்கள் பூர்த்தி செய்கிறீர்கள். ஆனாலும் உங்கள் வயது, வருமானம், தொழில், கடன் ஆகியவற்றைக் கொண்டு ஒவ்வொரு கடன் வழங்குநரும் தமது சொந்தத் தீர்மானத்தையே எடுப்பார்; உங்களுக்குப் பொருந்துபவை எவை என்பதை உங்கள் சலுகைகள் காட்டும்.",
} as const satisfies EligibilityMessages;
