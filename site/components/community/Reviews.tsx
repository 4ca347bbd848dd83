import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import type { ReviewsSummary } from "../../../core/views/community-data";
import { averageText, relativeTime } from "../../community";
import { communityMessagesFor } from "../../messages";
import { CommunityFormSlot } from "./FormSlot";
import { Stars } from "./Stars";

/**
 * The home page's customer reviews (SPEC §2), shown only when there are
 * approved ones: no "no reviews yet" (issue 17, decision 0168). The form
 * stays reachable behind a closed "Write a review" disclosure, with or
 * without reviews. Names and texts are React text: markup in them shows as
 * typed. A review's photo is served by us (`PublicReview.image`), never a
 * visitor's address.
 */
export function Reviews({
  locale,
  summary,
}: {
  locale: Locale;
  summary: ReviewsSummary | undefined;
}) {
  const c = communityMessagesFor(locale);
  const reviews = summary?.reviews ?? [];
  const write = (
    <details className="review-write">
      <summary className="button-secondary">{c.reviewFormTitle}</summary>
      <p className="notice">{c.reviewsNotice}</p>
      <CommunityFormSlot locale={locale} kind="review" title={c.reviewFormTitle} />
    </details>
  );
  if (!summary || reviews.length === 0) {
    return <div className="home-section review-only">{write}</div>;
  }
  return (
    <section className="home-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{c.reviewsTitle}</h2>
      <p className="rating-average">
        <Stars value={summary.rating.average} /> {averageText(summary.rating, locale)}
      </p>
      <ul className="reviews">
        {reviews.map((review) => (
          <li key={review.id} className="home-card review">
            {review.image ? (
              <img
                className="review-photo"
                src={review.image}
                alt={fill(c.reviewPhoto, { name: review.name })}
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <p className="comment-meta">
              <strong>{review.name}</strong>{" "}
              <time dateTime={review.createdAt}>
                {relativeTime(review.createdAt, summary.now, locale)}
              </time>
            </p>
            <Stars value={review.rating} label={fill(c.stars, { stars: review.rating })} />
            <p className="comment-text">{review.text}</p>
          </li>
        ))}
      </ul>
      {write}
    </section>
  );
}
