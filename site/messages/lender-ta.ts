import type { LenderMessages } from "./lender";

/** The lender page's "who the lender is" in Tamil (issue 20). Not yet served: docs/tamil-wiring.md. */
export const lenderTa = {
  lenderSandboxNote:
    "இது ஒரு சோதனைக் (sandbox) கடன் வழங்குநர்: சோதனைகளுக்காகக் கடன் வழங்குநர் ஒருவரின் தீர்மானங்களைப் போல நடிக்கிறது; உண்மையான கம்பனி அல்ல.",
  lenderLegalName: "பதிவுசெய்யப்பட்ட பெயர்",
  lenderLicence: "அனுமதிப்பத்திரம்",
  lenderLicenceValue: "{regulator}: {category}, அனுமதிப்பத்திர இலக்கம் {number}",
  lenderLicenceSample: "இல்லை: இது ஒரு மாதிரிக் கடன் வழங்குநர்",
  lenderLicenceSandbox: "இல்லை: சோதனைகளுக்கான sandbox கடன் வழங்குநர்",
  "lenderRegulator:CBSL": "இலங்கை மத்திய வங்கி",
  "lenderLicenceCategory:licensed_commercial_bank": "அனுமதிப்பத்திரம் பெற்ற வர்த்தக வங்கி",
  "lenderLicenceCategory:licensed_specialised_bank": "அனுமதிப்பத்திரம் பெற்ற விசேட வங்கி",
  "lenderLicenceCategory:licensed_finance_company": "அனுமதிப்பத்திரம் பெற்ற நிதிக் கம்பனி",
  "lenderLicenceCategory:licensed_microfinance_company": "அனுமதிப்பத்திரம் பெற்ற நுண்நிதிக் கம்பனி",
  "lenderLicenceCategory:registered_lender": "பதிவுசெய்யப்பட்ட கடன் வழங்குநர்",
  lenderWebsite: "இணையத்தளம்",
  lenderComplaints: "முறைப்பாடுகள்",
  termRangeValue: "{min}–{max} நாட்கள்",
} as const satisfies LenderMessages;
