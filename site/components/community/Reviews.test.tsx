import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Reviews } from "./Reviews";

/** Issue 17: a section without data is not shown; the review form stays one tap away. */
describe("the home page's reviews", () => {
  it.each([
    ["en", "What our customers say", "Write a review"],
    ["si", "අපගේ පාරිභෝගිකයන් පවසන දේ", "සමාලෝචනයක් ලියන්න"],
  ] as const)("in %s, show no section without approved reviews", (locale, title, write) => {
    for (const summary of [
      undefined,
      { reviews: [], rating: { average: 0, count: 0 }, now: "2026-11-25T06:00:00.000Z" },
    ]) {
      const html = renderToString(<Reviews locale={locale} summary={summary} />);
      expect(html).not.toContain(title);
      expect(html).not.toContain("<h2");
      expect(html).not.toMatch(/No reviews yet|තවම සමාලෝචන නැත/);
      // The form behind a closed disclosure.
      expect(html).toMatch(
        new RegExp(`<details class="review-write"><summary[^>]*>${write}</summary>`),
      );
    }
  });

  it("shows the approved reviews, their average and the disclosure", () => {
    const html = renderToString(
      <Reviews
        locale="en"
        summary={{
          reviews: [
            {
              id: "r1",
              name: "Kumari Silva",
              text: "Clear figures and no fees.",
              rating: 5,
              createdAt: "2026-11-20T06:00:00.000Z",
            },
          ],
          rating: { average: 5, count: 1 },
          now: "2026-11-25T06:00:00.000Z",
        }}
      />,
    );
    expect(html).toContain("What our customers say");
    expect(html).toContain("Kumari Silva");
    expect(html).toContain("Clear figures and no fees.");
    expect(html).toContain('<details class="review-write">');
  });
});
