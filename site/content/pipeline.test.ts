import { describe, expect, it } from "vitest";
import { linkKind, readingMinutes, renderMarkdown, splitFrontMatter } from "./pipeline.mjs";

describe("linkKind", () => {
  it("keeps our own paths and anchors", () => {
    expect(linkKind("/unsubscribe/")).toBe("internal");
    expect(linkKind("#section-2")).toBe("internal");
  });

  it("allows only listed sites, over https", () => {
    expect(linkKind("https://www.cbsl.gov.lk/")).toBe("external");
    expect(linkKind("http://www.cbsl.gov.lk/")).toBe("blocked");
    expect(linkKind("https://evil.example/")).toBe("blocked");
    expect(linkKind("https://www.cbsl.gov.lk.evil.example/")).toBe("blocked");
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "blob:https://www.cbsl.gov.lk/1",
    "//evil.example/",
    "/\\evil.example/",
  ])("blocks %s", (href) => {
    expect(linkKind(href)).toBe("blocked");
  });
});

describe("renderMarkdown", () => {
  it("renders headings with ids and collects them for the contents", () => {
    const { html, headings } = renderMarkdown(
      "Intro.\n\n## First part\n\nText.\n\n### Detail\n\n## ණය\n",
    );
    expect(headings).toEqual([
      { id: "section-1", level: 2, text: "First part" },
      { id: "section-2", level: 3, text: "Detail" },
      { id: "section-3", level: 2, text: "ණය" },
    ]);
    expect(html).toContain('<h2 id="section-1">First part</h2>');
  });

  it("shows a disallowed link as plain text and never as a link", () => {
    const { html } = renderMarkdown(
      "[click](javascript:alert(1)) [data](data:text/html,x) [far](https://evil.example/) [cbsl](https://www.cbsl.gov.lk/) [home](/)",
    );
    expect(html).not.toMatch(/javascript:|data:|evil\.example/);
    expect(html).toContain("click");
    expect(html).toContain(
      '<a href="https://www.cbsl.gov.lk/" rel="noopener noreferrer external">cbsl</a>',
    );
    expect(html).toContain('<a href="/">home</a>');
  });

  it("escapes raw HTML and drops images", () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script>\n\n![x](https://www.cbsl.gov.lk/a.png "t")',
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<img");
  });

  it("counts words in any script", () => {
    expect(renderMarkdown("One two three.\n\n## ණය මුදල\n").words).toBe(5);
  });
});

describe("splitFrontMatter", () => {
  it("reads YAML front matter and the body", () => {
    expect(splitFrontMatter('---\ntitle: "A"\ntags: [x, y]\n---\nBody\n')).toEqual({
      data: { title: "A", tags: ["x", "y"] },
      body: "Body\n",
    });
  });

  it("returns no data without front matter", () => {
    expect(splitFrontMatter("Body").data).toBeUndefined();
  });
});

describe("readingMinutes", () => {
  it("rounds up, at least one minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
  });
});
