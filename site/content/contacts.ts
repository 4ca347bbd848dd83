import { escapeHtml } from "../../core/html";

/** The {email} and {chat} placeholders of documents and static pages become the configured contacts. */
export function withContacts(html: string, contacts: { contactEmail: string; chatUrl: string }) {
  return html
    .replaceAll("{email}", escapeHtml(contacts.contactEmail))
    .replaceAll("{chat}", escapeHtml(contacts.chatUrl));
}
