import { escapeHtml } from "../../core/helpers/html";
import { formatRupees } from "../../core/helpers/money";
import { type ByLocale, type Locale, pick } from "../../core/locale";
import { fill } from "../../core/messages";
import type { PartnerProgramme } from "../../core/views/site-contract";

/**
 * The partners' chat link's words (SPEC §1): its accessible name, in each
 * language. Here rather than in the site's catalogs: only the server's
 * render uses them, so no browser bundle carries them.
 */
const CHAT_LINK_TEXT: ByLocale<string> = {
  si: "හවුල්කරු කණ්ඩායම සමඟ චැට් කරන්න",
  en: "Chat with our partner team",
  ta: "எமது கூட்டாளர் குழுவுடன் அரட்டையடியுங்கள்",
};

/** The programme's terms (issue 35) as /partner/ publishes them: {lead}, {loan} in rupees. */
const PROGRAMME_TERMS: ByLocale<{ both: string; lead: string; loan: string; none: string }> = {
  si: {
    both: "තහවුරු කළ සෑම ලීඩ් එකකටම {lead}, නැතහොත් ණය දෙන්නෙකු නිකුත් කරන සෑම ණයකටම {loan}; ඔබේ ලියාපදිංචිය අනුමත කරන විට මේ දෙකෙන් කුමක්දැයි අපි ඔබ සමඟ එකඟ වෙමු.",
    lead: "තහවුරු කළ සෑම ලීඩ් එකකටම {lead}.",
    loan: "ණය දෙන්නෙකු නිකුත් කරන සෑම ණයකටම {loan}.",
    none: "ඔබේ ලියාපදිංචිය අනුමත කරන විට අපි කොන්දේසි ඔබ සමඟ එකඟ වෙමු.",
  },
  en: {
    both: "{lead} for each verified lead, or {loan} for each loan a lender issues; we agree which one with you when we approve your sign-up.",
    lead: "{lead} for each verified lead.",
    loan: "{loan} for each loan a lender issues.",
    none: "We agree the terms with you when we approve your sign-up.",
  },
  ta: {
    both: "உறுதிப்படுத்தப்பட்ட ஒவ்வொரு லீட்டுக்கும் {lead}, அல்லது கடன் வழங்குநர் வழங்கும் ஒவ்வொரு கடனுக்கும் {loan}; உங்கள் பதிவை அங்கீகரிக்கும்போது இவற்றில் எது என்பதை உங்களுடன் ஒப்புக்கொள்வோம்.",
    lead: "உறுதிப்படுத்தப்பட்ட ஒவ்வொரு லீட்டுக்கும் {lead}.",
    loan: "கடன் வழங்குநர் வழங்கும் ஒவ்வொரு கடனுக்கும் {loan}.",
    none: "உங்கள் பதிவை அங்கீகரிக்கும்போது நியதிகளை உங்களுடன் ஒப்புக்கொள்வோம்.",
  },
};

/** The programme's terms in the page's language, from the operator's defaults. */
export function programmeTerms(locale: Locale, programme: PartnerProgramme | undefined): string {
  const words = pick(locale, PROGRAMME_TERMS);
  const lead = programme?.leadRupees;
  const loan = programme?.loanRupees;
  const amounts = {
    lead: lead ? formatRupees(lead) : "",
    loan: loan ? formatRupees(loan) : "",
  };
  const which = lead && loan ? "both" : lead ? "lead" : loan ? "loan" : "none";
  return fill(words[which], amounts);
}

/** A list item holding the chat placeholder: dropped whole when there is no chat. */
const CHAT_ITEM = /<li>(?:(?!<\/li>)[\s\S])*?\{chat\}(?:(?!<\/li>)[\s\S])*?<\/li>\s*/g;

/**
 * The {email} and {chat} placeholders of documents and static pages become
 * working links (issue 21): {email} a mailto: link named by the address,
 * {chat} the partners' chat (PARTNER_CHAT_URL) named in the page's language.
 * Without a chat URL, the list item that holds {chat} goes, and any other
 * {chat} with it.
 */
export function withContacts(
  html: string,
  contacts: {
    locale: Locale;
    contactEmail: string;
    chatUrl?: string | undefined;
    partnerProgramme?: PartnerProgramme | undefined;
  },
): string {
  const email = escapeHtml(contacts.contactEmail);
  const terms = escapeHtml(programmeTerms(contacts.locale, contacts.partnerProgramme));
  const withEmail = html
    .replaceAll("{programme}", terms)
    .replaceAll(
      "{email}",
      `<a href="mailto:${escapeHtml(encodeURI(contacts.contactEmail))}">${email}</a>`,
    );
  if (!contacts.chatUrl) return withEmail.replace(CHAT_ITEM, "").replaceAll("{chat}", "");
  return withEmail.replaceAll(
    "{chat}",
    `<a href="${escapeHtml(contacts.chatUrl)}">${pick(contacts.locale, CHAT_LINK_TEXT)}</a>`,
  );
}
