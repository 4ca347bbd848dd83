import { escapeHtml } from "../../core/helpers/html";
import { type ByLocale, type Locale, pick } from "../../core/locale";

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
  contacts: { locale: Locale; contactEmail: string; chatUrl?: string | undefined },
): string {
  const email = escapeHtml(contacts.contactEmail);
  const withEmail = html.replaceAll(
    "{email}",
    `<a href="mailto:${escapeHtml(encodeURI(contacts.contactEmail))}">${email}</a>`,
  );
  if (!contacts.chatUrl) return withEmail.replace(CHAT_ITEM, "").replaceAll("{chat}", "");
  return withEmail.replaceAll(
    "{chat}",
    `<a href="${escapeHtml(contacts.chatUrl)}">${pick(contacts.locale, CHAT_LINK_TEXT)}</a>`,
  );
}
