import { describe, expect, it } from "vitest";
import { SHOWN_PATH_LENGTH, shownPath } from "./shown-path";

describe("shownPath", () => {
  it("decodes UTF-8 escapes into the letters they spell", () => {
    expect(shownPath("/%E0%B6%AB%E0%B6%BA/")).toBe("/ණය/");
    expect(shownPath("/ta/%E0%AE%95%E0%AE%9F%E0%AE%A9%E0%AF%8D/")).toBe("/ta/கடன்/");
    expect(shownPath("/a%20b/")).toBe("/a b/");
  });

  it("leaves what is not a UTF-8 escape as typed", () => {
    expect(shownPath("/%ZZ/%/%E0%B6/")).toBe("/%ZZ/%/%E0%B6/");
    expect(shownPath("/%C0%AF/ok%21")).toBe("/%C0%AF/ok!");
  });

  it("marks control and bidirectional formatting characters, keeping the joiners scripts need", () => {
    expect(shownPath("/%00a%0Ab%E2%80%AEc%E2%81%A6d/")).toBe("/\uFFFDa\uFFFDb\uFFFDc\uFFFDd/");
    // ශ්‍රී: the zero-width joiner is part of the letter.
    expect(shownPath("/%E0%B7%81%E0%B7%8A%E2%80%8D%E0%B6%BB%E0%B7%93/")).toBe("/ශ්‍රී/");
  });

  it("cuts after SHOWN_PATH_LENGTH characters as a reader counts them, never inside one", () => {
    const tamil = "கடன்".repeat(40);
    const shown = shownPath(`/${tamil}/`);
    expect(shown.endsWith("…")).toBe(true);
    const letters = [...new Intl.Segmenter("ta", { granularity: "grapheme" }).segment(shown)];
    expect(letters).toHaveLength(SHOWN_PATH_LENGTH + 1);
    expect(`/${tamil}/`.startsWith(shown.slice(0, -1))).toBe(true);
    const exact = `/${"a".repeat(SHOWN_PATH_LENGTH - 1)}`;
    expect(shownPath(exact)).toBe(exact);
  });
});
