import { useEffect, useId, useState } from "react";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import type { RatingSummary } from "../../../core/views/community-data";
import { averageText } from "../../community";
import { communityMessagesFor } from "../../messages";
import { readStored, store } from "../../web-storage";
import { rateArticle } from "./browser";
import { Stars } from "./Stars";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * An article's average and a row of five buttons to rate it (one rating
 * per visitor; choosing again changes it). The visitor's choice is kept in
 * local storage to show on later visits, read after hydration.
 */
export function Rating({
  locale,
  slug,
  summary,
}: {
  locale: Locale;
  slug: string;
  summary: RatingSummary | undefined;
}) {
  const c = communityMessagesFor(locale);
  const id = useId();
  const key = `rating:${slug}`;
  const [current, setCurrent] = useState(summary);
  const [yours, setYours] = useState(0);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    const stored = Number(readStored("localStorage", key));
    if (stored >= 1 && stored <= 5) setYours(stored);
  }, [key]);

  const rate = async (stars: number) => {
    setProblem("");
    const outcome = await rateArticle(slug, stars);
    if (outcome.kind !== "accepted") {
      setProblem(
        outcome.kind === "throttled" ? fill(c.throttled, { minutes: outcome.minutes }) : c.failed,
      );
      return;
    }
    const body = outcome.body as { rating?: RatingSummary; yours?: number } | null;
    if (body?.rating) setCurrent(body.rating);
    const mine = body?.yours ?? stars;
    setYours(mine);
    store("localStorage", key, String(mine));
  };

  return (
    <section className="rating" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{c.ratingTitle}</h2>
      {current ? (
        <p className="rating-average">
          <Stars value={current.average} /> {averageText(current, locale)}
        </p>
      ) : null}
      <fieldset className="rate-stars" aria-labelledby={`${id}-title`}>
        {STARS.map((stars) => (
          <button
            key={stars}
            type="button"
            className="star"
            aria-pressed={stars === yours}
            aria-label={fill(c.stars, { stars })}
            onClick={() => void rate(stars)}
          >
            {stars <= yours ? "★" : "☆"}
          </button>
        ))}
      </fieldset>
      <p role="status">{yours ? fill(c.ratingYours, { stars: yours }) : ""}</p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
