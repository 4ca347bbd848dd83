import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { setUpTestApp, testSite } from "../test-support";

/** The "contact us" list of the partner page, in each language (issue 21). */
const contactList = (body: string) => {
  const start = body.lastIndexOf("<ul>");
  return body.slice(start, body.indexOf("</ul>", start) + 5);
};

const PAGES = [
  ["/partner/", "හවුල්කරු කණ්ඩායම සමඟ චැට් කරන්න"],
  ["/en/partner/", "Chat with our partner team"],
  ["/ta/partner/", "எமது கூட்டாளர் குழுவுடன் அரட்டையடியுங்கள்"],
] as const;

describe("the partner page's contacts with PARTNER_CHAT_URL set", () => {
  const context = setUpTestApp();

  it.each(PAGES)("%s links the chat, named in its language, and the e-mail", async (url, name) => {
    const res = await inject(context.app, { method: "GET", url });
    expect(res.statusCode).toBe(200);
    const list = contactList(res.body);
    expect(list).toContain(`<a href="${testSite.chatUrl}">${name}</a>`);
    expect(list).toContain(
      `<a href="mailto:${testSite.contactEmail}">${testSite.contactEmail}</a>`,
    );
    expect(res.body).not.toMatch(/\{(chat|email)\}|mailto:[^"]*"[^>]*>mailto:/);
  });
});

describe("the partner page's contacts without PARTNER_CHAT_URL", () => {
  const context = setUpTestApp({ site: { ...testSite, chatUrl: undefined } });

  it.each(PAGES)("%s offers the e-mail link alone, with no chat line", async (url, name) => {
    const res = await inject(context.app, { method: "GET", url });
    expect(res.statusCode).toBe(200);
    const list = contactList(res.body);
    expect(list).toMatch(/^<ul>\s*<li>[\s\S]*<\/li>\s*<\/ul>$/);
    expect(list.match(/<li>/g)).toHaveLength(1);
    expect(list).toContain(
      `<a href="mailto:${testSite.contactEmail}">${testSite.contactEmail}</a>`,
    );
    expect(res.body).not.toContain(name);
    expect(res.body).not.toContain("chat.nayacompare.test");
    expect(res.body).not.toMatch(/\{(chat|email)\}/);
  });
});
