import { catalog } from "../../core/locale";
import type { EmbedProblem } from "../../core/views/embed";
import type { WidgetElementName } from "../../core/views/portal/widget";

/**
 * The words of /embed/ (issue 35, decision 0432): the frame's title per
 * element (the builder writes it into the iframe code, in the widget's
 * language) and the page that says why an address cannot show the widget.
 */
const en = {
  titles: {
    "loan-widget": "Loan calculator and offers",
    "loan-calculator": "Loan calculator",
    "loan-eligibility": "Loan eligibility check",
    "loan-offers": "Loan offers",
  } satisfies Record<WidgetElementName, string>,
  refusedTitle: "This loan calculator cannot be shown",
  refusedIntro:
    "The address of this frame has a mistake. Whoever put it on this page can copy the code again from the partner portal's Widget page.",
  fields: "What is wrong:",
  problems: {
    partner: "partner: no partner of ours has this id. Use the partner id the portal shows.",
    choice: "one of the options the portal offers",
    notNumber: "a whole number of rupees",
    tooSmall: "from Rs. 5,000 to Rs. 200,000",
    tooLarge: "from Rs. 5,000 to Rs. 200,000",
    colour: "a colour as a hex code, like #0b6e4f",
    radius: "a whole number of pixels from 0 to 32",
    code: "up to 100 letters, digits or . _ - : ~",
    personal: "a code of your own, never personal data",
  } satisfies Record<EmbedProblem, string>,
  expected: (field: string, what: string) => `${field}: should be ${what}.`,
};

export type EmbedMessages = typeof en;

const si: EmbedMessages = {
  titles: {
    "loan-widget": "ණය ගණකය සහ ණය දීමනා",
    "loan-calculator": "ණය ගණකය",
    "loan-eligibility": "ණය සුදුසුකම් පරීක්ෂාව",
    "loan-offers": "ණය දීමනා",
  },
  refusedTitle: "මෙම ණය ගණකය පෙන්විය නොහැක",
  refusedIntro:
    "මෙම රාමුවේ ලිපිනයේ වැරැද්දක් ඇත. එය මෙම පිටුවට දැමූ අයට හවුල්කරු ද්වාරයේ විජට් පිටුවෙන් කේතය නැවත පිටපත් කළ හැක.",
  fields: "වැරදි දේ:",
  problems: {
    partner: "partner: මෙම id එක ඇති හවුල්කරුවෙක් අප සතු නැත. ද්වාරයේ පෙන්වන හවුල්කරු id එක භාවිත කරන්න.",
    choice: "ද්වාරය දෙන විකල්පවලින් එකක්",
    notNumber: "සම්පූර්ණ රුපියල් ගණනක්",
    tooSmall: "රු. 5,000 සිට රු. 200,000 දක්වා",
    tooLarge: "රු. 5,000 සිට රු. 200,000 දක්වා",
    colour: "hex කේතයක් ලෙස වර්ණයක්, උදා. #0b6e4f",
    radius: "0 සිට 32 දක්වා පික්සල පූර්ණ සංඛ්‍යාවක්",
    code: "අකුරු, ඉලක්කම් හෝ . _ - : ~ 100ක් දක්වා",
    personal: "ඔබේම කේතයක්, කිසි විටෙක පුද්ගලික දත්ත නොවේ",
  },
  expected: (field: string, what: string) => `${field}: විය යුත්තේ ${what}.`,
};

const ta: EmbedMessages = {
  titles: {
    "loan-widget": "கடன் கணிப்பானும் சலுகைகளும்",
    "loan-calculator": "கடன் கணிப்பான்",
    "loan-eligibility": "கடன் தகுதிச் சோதனை",
    "loan-offers": "கடன் சலுகைகள்",
  },
  refusedTitle: "இந்தக் கடன் கணிப்பானைக் காட்ட முடியாது",
  refusedIntro:
    "இந்தச் சட்டகத்தின் முகவரியில் ஒரு பிழை உள்ளது. இதை இப்பக்கத்தில் வைத்தவர் பங்காளர் தளத்தின் விட்ஜெட் பக்கத்திலிருந்து குறியீட்டை மீண்டும் பிரதிசெய்யலாம்.",
  fields: "பிழையானவை:",
  problems: {
    partner: "partner: இந்த id கொண்ட பங்காளர் எவரும் எம்மிடம் இல்லை. தளம் காட்டும் பங்காளர் id ஐப் பயன்படுத்துங்கள்.",
    choice: "தளம் வழங்கும் தெரிவுகளில் ஒன்று",
    notNumber: "முழு ரூபாய்த் தொகை",
    tooSmall: "Rs. 5,000 முதல் Rs. 200,000 வரை",
    tooLarge: "Rs. 5,000 முதல் Rs. 200,000 வரை",
    colour: "hex குறியீடாக ஒரு நிறம், உதா. #0b6e4f",
    radius: "0 முதல் 32 வரையான முழு பிக்சல் எண்",
    code: "100 வரையான எழுத்துகள், இலக்கங்கள் அல்லது . _ - : ~",
    personal: "உங்கள் சொந்தக் குறியீடு, ஒருபோதும் தனிப்பட்ட தரவு அல்ல",
  },
  expected: (field: string, what: string) => `${field}: ${what} ஆக இருக்க வேண்டும்.`,
};

export const embedMessagesFor = catalog<EmbedMessages>({ si, en, ta });
