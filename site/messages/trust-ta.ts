import type { TrustMessages } from "./index";

/** The trust notes in Tamil (issue 20): CRIB and PDPA as the Tamil pages name them. Not yet served. */
export const trustTa = {
  trustTitle: "எங்களை ஏன் நம்பலாம்",
  trustLabel: "எங்கள் சேவை பற்றி",
  trustFree: "இலவசம், நாங்கள் கடன் வழங்குநர் அல்ல",
  trustNoCrib: "CRIB விசாரணை இல்லை",
  trustLicensed: "அனுமதிப்பத்திரம் பெற்ற கடன் வழங்குநர்கள்",
  trustCompany: "{site} ஐ நடத்துவது {company}",
  trustRegistration: "கம்பனிப் பதிவு இலக்கம் {registration}",
  trustNotLender: "நாங்கள் கடன் வழங்குநர் அல்ல; உங்களிடம் ஒருபோதும் எந்தக் கட்டணமும் அறவிடுவதில்லை.",
  trustEarn:
    "எங்களுக்குப் பணம் தருவது கடன் வழங்குநர்களும் பங்காளர்களுமே, நீங்கள் அல்ல; அவர்கள் தரும் தொகை சலுகைகளின் வரிசையை ஒருபோதும் மாற்றுவதில்லை.",
  trustRank: "சலுகைகளை நாங்கள் வரிசைப்படுத்தும் முறை",
  trustLicence: "ஒவ்வொரு சலுகையும் கடன் வழங்குநரின் அனுமதிப்பத்திர இலக்கத்தைக் காட்டும்.",
  trustCrib:
    "இங்கு விண்ணப்பிப்பது உங்கள் CRIB பதிவைப் பாதிக்காது: நாங்கள் எந்தக் கடன் விசாரணையும் செய்வதில்லை. கடன் வழங்கும் முன் ஒரு கடன் வழங்குநர் அதைச் சரிபார்க்கலாம்.",
  trustData:
    "உங்கள் விண்ணப்பத்துக்குப் பொருந்தும் கடன் வழங்குநர்கள் மட்டுமே, அதுவும் உங்கள் சம்மதத்துடன் மட்டுமே, அதைப் பெறுகிறார்கள் (தனிப்பட்ட தரவுப் பாதுகாப்புச் சட்டம், PDPA).",
  trustReach: "ஒருவருடன் நேரடியாகப் பேசுங்கள்:",
  trustCall: "அழையுங்கள்: {phone}",
  trustWhatsApp: "WhatsApp",
} satisfies TrustMessages;
