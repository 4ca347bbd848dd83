import type { PriceModel } from "../../core/views/back-office-invoices";
import type {
  BreakerEventState,
  LenderDayStep,
  StatsProblem,
} from "../../core/views/lender-portal-stats";

/**
 * The words of the lender portal's statistics and invoices (decisions
 * 0419–0422) in all three languages, spread into each language's catalog
 * (messages.ts, messages-si-ta.ts), which the compiler checks.
 */
const en = {
  statsTitle: "Statistics",
  statsIntro:
    "Your figures by day, Sri Lanka time, counted from what we stored: the applications we asked you about, your answers (approvals, declines and pending answers), approvals, borrowers' click-outs to your offers, and the issued loans you reported.",
  statsFrom: "From",
  statsTo: "To",
  statsShow: "Show",
  statsCsv: "Download these figures as CSV",
  statsProblems: {
    date: "Enter the dates as YYYY-MM-DD, for example 2026-11-01.",
    order: "The first day must not be after the last day.",
    too_long: "Choose at most 90 days.",
  } satisfies Record<StatsProblem, string>,
  statsSteps: {
    asked: "Asked",
    answered: "Answered",
    approved: "Approved",
    clickouts: "Click-outs",
    issued: "Issued",
  } satisfies Record<LenderDayStep, string>,
  statsDay: "Day",
  statsTableCaption: "By day, the newest first",
  statsQuiet: "{days} days with no applications ({from} to {to})",
  statsTotal: "Total",
  breakerOpened: "Breaker opened",
  breakerMinutes: "Minutes open",
  breakerTitle: "The circuit breaker",
  breakerIntro:
    "When your decision URL fails several applications in a row, we send it nothing for a short time (the breaker is open), then let a few applications try (half-open), and send as usual again once one succeeds (closed). Each of our servers keeps its own breaker: the minutes open are added up over our servers.",
  breakerLatest: "The latest changes",
  breakerNone: "The breaker has not changed up to the end of this period.",
  breakerStates: {
    closed: "Closed: applications are sent",
    open: "Open: nothing is sent",
    half_open: "Half-open: a few applications try",
  } satisfies Record<BreakerEventState, string>,
  breakerWhen: "When",
  breakerState: "State",
  breakerServer: "Server",
  invoicesTitle: "Invoices",
  invoicesIntro:
    "Your monthly invoices from NayaCompare, made from the stored events your price bills; an event is on one invoice at most.",
  invoicesNone: "No invoices yet.",
  invoiceMonth: "Month",
  invoiceItems: "Items",
  invoiceAmount: "Amount",
  invoiceMade: "Made",
  invoiceTitle: "Invoice for {month}",
  invoiceId: "Invoice number",
  invoiceModels: {
    lead: "Verified leads sent",
    click: "Click-outs",
    issued: "Loans issued",
  } satisfies Record<PriceModel, string>,
  invoiceWhat: "What",
  invoiceCount: "How many",
  invoiceWhen: "When",
  invoiceSource: "Reference",
  invoiceItemsTitle: "Every item",
  invoicePdf: "PDF (in English)",
  invoiceCsv: "CSV",
  invoiceBack: "All invoices",
};

export type LenderStatsMessages = typeof en;
export const lenderStatsEn: LenderStatsMessages = en;

export const lenderStatsSi: LenderStatsMessages = {
  statsTitle: "සංඛ්‍යාලේඛන",
  statsIntro:
    "ඔබේ සංඛ්‍යා දිනපතා, ශ්‍රී ලංකා වේලාවෙන්, අප ගබඩා කළ දේවලින් ගණන් කළ: අප ඔබෙන් විමසූ අයදුම්පත්, ඔබේ පිළිතුරු (අනුමැතීන්, ප්‍රතික්ෂේප කිරීම් සහ පොරොත්තු පිළිතුරු), අනුමැතීන්, ණය ගන්නන් ඔබේ දීමනා වෙත ගිය වාර, සහ ඔබ වාර්තා කළ නිකුත් කළ ණය.",
  statsFrom: "සිට",
  statsTo: "දක්වා",
  statsShow: "පෙන්වන්න",
  statsCsv: "මෙම සංඛ්‍යා CSV ලෙස බාගන්න",
  statsProblems: {
    date: "දින YYYY-MM-DD ලෙස ඇතුළත් කරන්න, උදාහරණයක් ලෙස 2026-11-01.",
    order: "පළමු දිනය අවසාන දිනයට පසුව නොවිය යුතුය.",
    too_long: "උපරිම දින 90ක් තෝරන්න.",
  },
  statsSteps: {
    asked: "විමසූ",
    answered: "පිළිතුරු දුන්",
    approved: "අනුමත කළ",
    clickouts: "දීමනා වෙත ගිය",
    issued: "නිකුත් කළ",
  },
  statsDay: "දිනය",
  statsTableCaption: "දිනපතා, අලුත්ම දිනය මුලින්",
  statsQuiet: "අයදුම්පත් නැති දින {days}ක් ({from} සිට {to} දක්වා)",
  statsTotal: "එකතුව",
  breakerOpened: "බ්‍රේකරය විවෘත වූ වාර",
  breakerMinutes: "විවෘතව තිබූ මිනිත්තු",
  breakerTitle: "පරිපථ බ්‍රේකරය",
  breakerIntro:
    "ඔබේ තීරණ URL එක අඛණ්ඩව අයදුම්පත් කිහිපයක් අසාර්ථක කළ විට, අපි කෙටි කාලයකට එයට කිසිවක් නොයවමු (බ්‍රේකරය විවෘතයි), ඉන්පසු අයදුම්පත් කිහිපයකට උත්සාහ කිරීමට ඉඩ දෙමු (අර්ධ විවෘත), සහ එකක් සාර්ථක වූ පසු නැවත සුපුරුදු ලෙස යවමු (වසා ඇත). අපේ සෑම සේවාදායකයක්ම තමන්ගේම බ්‍රේකරයක් තබා ගනී: විවෘතව තිබූ මිනිත්තු අපේ සේවාදායක හරහා එකතු කෙරේ.",
  breakerLatest: "අලුත්ම වෙනස්කම්",
  breakerNone: "මෙම කාලය අවසානය දක්වා බ්‍රේකරය වෙනස් වී නැත.",
  breakerStates: {
    closed: "වසා ඇත: අයදුම්පත් යවනු ලැබේ",
    open: "විවෘතයි: කිසිවක් නොයවයි",
    half_open: "අර්ධ විවෘත: අයදුම්පත් කිහිපයක් උත්සාහ කරයි",
  },
  breakerWhen: "කවදා",
  breakerState: "තත්ත්වය",
  breakerServer: "සේවාදායකය",
  invoicesTitle: "ඉන්වොයිස්",
  invoicesIntro:
    "NayaCompare වෙතින් ඔබේ මාසික ඉන්වොයිස්, ඔබේ මිල අය කරන ගබඩා කළ සිදුවීම්වලින් සාදන ලද; එක් සිදුවීමක් උපරිම වශයෙන් එක් ඉන්වොයිසියක පමණි.",
  invoicesNone: "තවම ඉන්වොයිස් නැත.",
  invoiceMonth: "මාසය",
  invoiceItems: "අයිතම",
  invoiceAmount: "මුදල",
  invoiceMade: "සාදන ලද්දේ",
  invoiceTitle: "{month} ඉන්වොයිසිය",
  invoiceId: "ඉන්වොයිස් අංකය",
  invoiceModels: {
    lead: "යවන ලද තහවුරු කළ අයදුම්කරුවන්",
    click: "දීමනා වෙත ගිය වාර",
    issued: "නිකුත් කළ ණය",
  },
  invoiceWhat: "කුමක්ද",
  invoiceCount: "ගණන",
  invoiceWhen: "කවදා",
  invoiceSource: "යොමුව",
  invoiceItemsTitle: "සියලු අයිතම",
  invoicePdf: "PDF (ඉංග්‍රීසියෙන්)",
  invoiceCsv: "CSV",
  invoiceBack: "සියලු ඉන්වොයිස්",
};

export const lenderStatsTa: LenderStatsMessages = {
  statsTitle: "புள்ளிவிவரங்கள்",
  statsIntro:
    "நாங்கள் சேமித்தவற்றிலிருந்து எண்ணப்பட்ட உங்கள் நாள்வாரி எண்ணிக்கைகள், இலங்கை நேரப்படி: நாங்கள் உங்களிடம் கேட்ட விண்ணப்பங்கள், உங்கள் பதில்கள் (ஒப்புதல்கள், நிராகரிப்புகள், நிலுவைப் பதில்கள்), ஒப்புதல்கள், கடன் வாங்குவோர் உங்கள் சலுகைகளுக்குச் சென்ற முறைகள், நீங்கள் தெரிவித்த வழங்கப்பட்ட கடன்கள்.",
  statsFrom: "இருந்து",
  statsTo: "வரை",
  statsShow: "காட்டு",
  statsCsv: "இந்த எண்ணிக்கைகளை CSV ஆகப் பதிவிறக்கவும்",
  statsProblems: {
    date: "தேதிகளை YYYY-MM-DD வடிவில் உள்ளிடவும், எடுத்துக்காட்டாக 2026-11-01.",
    order: "முதல் நாள் கடைசி நாளுக்குப் பின் இருக்கக்கூடாது.",
    too_long: "அதிகபட்சம் 90 நாட்களைத் தேர்ந்தெடுக்கவும்.",
  },
  statsSteps: {
    asked: "கேட்கப்பட்டவை",
    answered: "பதிலளிக்கப்பட்டவை",
    approved: "ஒப்புதல் பெற்றவை",
    clickouts: "சலுகைக்குச் சென்றவை",
    issued: "வழங்கப்பட்டவை",
  },
  statsDay: "நாள்",
  statsTableCaption: "நாள்வாரியாக, புதியது முதலில்",
  statsQuiet: "விண்ணப்பங்கள் இல்லாத {days} நாட்கள் ({from} முதல் {to} வரை)",
  statsTotal: "மொத்தம்",
  breakerOpened: "பிரேக்கர் திறந்த முறைகள்",
  breakerMinutes: "திறந்திருந்த நிமிடங்கள்",
  breakerTitle: "சுற்று பிரேக்கர்",
  breakerIntro:
    "உங்கள் முடிவு முகவரி தொடர்ந்து பல விண்ணப்பங்களில் தோல்வியுற்றால், சிறிது நேரம் அதற்கு எதையும் அனுப்ப மாட்டோம் (பிரேக்கர் திறந்துள்ளது), பின்னர் சில விண்ணப்பங்களை முயல விடுவோம் (பாதி திறந்தது), ஒன்று வெற்றி பெற்றதும் வழக்கம் போல் மீண்டும் அனுப்புவோம் (மூடியது). எங்கள் ஒவ்வொரு சேவையகமும் தனது சொந்த பிரேக்கரை வைத்திருக்கிறது: திறந்திருந்த நிமிடங்கள் எங்கள் சேவையகங்கள் முழுவதும் கூட்டப்படுகின்றன.",
  breakerLatest: "சமீபத்திய மாற்றங்கள்",
  breakerNone: "இந்தக் காலத்தின் இறுதி வரை பிரேக்கர் மாறவில்லை.",
  breakerStates: {
    closed: "மூடியது: விண்ணப்பங்கள் அனுப்பப்படுகின்றன",
    open: "திறந்தது: எதுவும் அனுப்பப்படுவதில்லை",
    half_open: "பாதி திறந்தது: சில விண்ணப்பங்கள் முயல்கின்றன",
  },
  breakerWhen: "எப்போது",
  breakerState: "நிலை",
  breakerServer: "சேவையகம்",
  invoicesTitle: "விலைப்பட்டியல்கள்",
  invoicesIntro:
    "NayaCompare இடமிருந்து உங்கள் மாதாந்திர விலைப்பட்டியல்கள், உங்கள் விலை கட்டணம் விதிக்கும் சேமிக்கப்பட்ட நிகழ்வுகளிலிருந்து உருவாக்கப்பட்டவை; ஒரு நிகழ்வு அதிகபட்சம் ஒரு விலைப்பட்டியலில் மட்டுமே.",
  invoicesNone: "இன்னும் விலைப்பட்டியல்கள் இல்லை.",
  invoiceMonth: "மாதம்",
  invoiceItems: "உருப்படிகள்",
  invoiceAmount: "தொகை",
  invoiceMade: "உருவாக்கப்பட்டது",
  invoiceTitle: "{month} விலைப்பட்டியல்",
  invoiceId: "விலைப்பட்டியல் எண்",
  invoiceModels: {
    lead: "அனுப்பப்பட்ட சரிபார்க்கப்பட்ட விண்ணப்பதாரர்கள்",
    click: "சலுகைக்குச் சென்றவை",
    issued: "வழங்கப்பட்ட கடன்கள்",
  },
  invoiceWhat: "எது",
  invoiceCount: "எத்தனை",
  invoiceWhen: "எப்போது",
  invoiceSource: "குறிப்பு",
  invoiceItemsTitle: "அனைத்து உருப்படிகளும்",
  invoicePdf: "PDF (ஆங்கிலத்தில்)",
  invoiceCsv: "CSV",
  invoiceBack: "அனைத்து விலைப்பட்டியல்களும்",
};
