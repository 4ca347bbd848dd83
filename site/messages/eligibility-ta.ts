import type { EligibilityMessages } from "./eligibility";
import { employmentTa } from "./employment/employment-ta";

/** The eligibility page's Tamil copy. */
export const eligibilityTa = {
  title: "எந்தக் கடன் வழங்குநர்கள் ஒப்புக்கொள்ள வாய்ப்புள்ளது?",
  description:
    "உங்கள் கடன், வருமானம், தொழில், வயது ஒவ்வொரு கடன் வழங்குநரும் வெளியிட்ட நிபந்தனைகளுடன்: விண்ணப்பிக்கும் முன், வாய்ப்புள்ளது, சாத்தியம் அல்லது வாய்ப்பு குறைவு. எதுவும் சேமிக்கப்படாது, CRIB சோதனை இல்லை.",
  intro:
    "உங்கள் பதில்களை ஒவ்வொரு கடன் வழங்குநரும் வெளியிடுவதுடன் ஒப்பிடுங்கள். அவற்றில் எதையும் நாங்கள் வைத்துக்கொள்வதில்லை, எங்கும் அனுப்புவதில்லை; CRIB சோதனை இல்லை.",
  amountLabel: "கடன் தொகை (Rs.)",
  periodLabel: "திருப்பிச் செலுத்தும் காலம்",
  incomeLabel: "மாத வருமானம் (Rs.)",
  ...employmentTa,
  ageLabel: "வயது (ஆண்டுகள்)",
  choose: "தெரிவுசெய்யுங்கள்",
  submit: "கடன் வழங்குநர்களைப் பாருங்கள்",
  incomplete: "ஒவ்வொரு கடன் வழங்குநரையும் காண ஐந்து பதில்களையும் முழு எண்களில் தாருங்கள்.",
  resultsTitle: "கடன் வழங்குநர் வாரியாக",
  summary: "{count} கடன் வழங்குநர்களில் {likely} வாய்ப்புள்ளது, {possible} சாத்தியம், {unlikely} வாய்ப்பு குறைவு",
  "likelihood:likely": "வாய்ப்புள்ளது",
  "likelihood:possible": "சாத்தியம்",
  "likelihood:unlikely": "வாய்ப்பு குறைவு",
  met: "பொருந்துகிறது",
  notMet: "பொருந்தவில்லை",
  amountCriterion: "தொகை {min}–{max}",
  termCriterion: "காலம் {min}–{max} நாட்கள்",
  ageCriterion: "வயது {min}–{max}",
  ageBorderline: "வயது {min}–{max}: நீங்கள் மேல் எல்லையில் உள்ளீர்கள்",
  incomeCriterion: "மாதம் {min} முதல் வருமானம்",
  incomeFailed: "வருமானம் மாதம் {min} க்குக் குறைவு",
  incomeBorderline: "வருமானம் குறைந்தபட்சமான மாதம் {min} க்கு அருகில்",
  employmentCriterion: "{list} க்கு",
  repaymentMonthly: "மாதம் {payment}: உங்கள் வருமானத்தில் {share}",
  repaymentOnce: "ஒரே தடவையில் {payment}: உங்கள் வருமானத்தில் {share}",
  "repayment:fits": "உங்கள் வருமானத்துக்குள்",
  "repayment:stretches": "சிரமமானது",
  "repayment:hard": "திருப்பிச் செலுத்தக் கடினம்",
  apply: "விண்ணப்பியுங்கள்",
  applyTo: "விண்ணப்பியுங்கள்: {lender}",
  rule: "வாய்ப்புள்ளது: வெளியிடப்பட்ட எல்லா நிபந்தனைகளும் பொருந்தி, தவணை உங்கள் வருமானத்தில் 30 % அல்லது குறைவு. சாத்தியம்: நிபந்தனைகள் பொருந்தினாலும் தவணை வருமானத்தில் 30–50 % அல்லது ஒரு பதில் எல்லையில். வாய்ப்பு குறைவு: ஒரு நிபந்தனை பொருந்தவில்லை, அல்லது தவணை வருமானத்தின் பாதிக்கு மேல். முடிவு கடன் வழங்குநருடையது மட்டுமே.",
  eligibilityLink: "எந்தக் கடன் வழங்குநர்கள் ஒப்புக்கொள்ள வாய்ப்புள்ளது?",
} as const satisfies EligibilityMessages;
