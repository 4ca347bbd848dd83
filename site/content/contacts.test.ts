import { describe, expect, it } from "vitest";
import { withContacts } from "./contacts";

const list =
  "<ul>\n<li><strong>Chat:</strong> {chat}</li>\n<li><strong>E-mail:</strong> {email}</li>\n</ul>";

describe("withContacts", () => {
  it("makes the placeholders links, escaping what it puts in", () => {
    const html = withContacts(`<p>Write to {email}.</p>${list}`, {
      locale: "en",
      contactEmail: "a&b@x.lk",
      chatUrl: 'https://chat.test/?a=1&b="2"',
    });
    expect(html).toBe(
      '<p>Write to <a href="mailto:a&amp;b@x.lk">a&amp;b@x.lk</a>.</p><ul>\n' +
        '<li><strong>Chat:</strong> <a href="https://chat.test/?a=1&amp;b=&quot;2&quot;">Chat with our partner team</a></li>\n' +
        '<li><strong>E-mail:</strong> <a href="mailto:a&amp;b@x.lk">a&amp;b@x.lk</a></li>\n</ul>',
    );
  });

  it("drops the chat's list item, and only it, when there is no chat", () => {
    const html = withContacts(list, { locale: "si", contactEmail: "help@x.lk" });
    expect(html).toBe(
      '<ul>\n<li><strong>E-mail:</strong> <a href="mailto:help@x.lk">help@x.lk</a></li>\n</ul>',
    );
    expect(withContacts("<p>{chat}</p>", { locale: "ta", contactEmail: "h@x.lk" })).toBe("<p></p>");
  });
});
