/**
 * What pages show of the community (issue 7): the shapes the server reads
 * from storage and the site renders. Never an e-mail address.
 */

/** An approved comment as the public page shows it. */
export interface PublicComment {
  id: string;
  /** The comment it answers, or null. */
  parentId: string | null;
  name: string;
  text: string;
  /** ISO time; shown as "3 hours ago" against the render's time. */
  createdAt: string;
  /**
   * Deleted at its author's request, kept as a placeholder because others answered it:
   * its name and text are empty (decision 0091).
   */
  erased?: true | undefined;
}

export interface RatingSummary {
  /** 1 to 5, one decimal; 0 when count is 0. */
  average: number;
  count: number;
}

/** An approved customer review for the home page. */
export interface PublicReview {
  id: string;
  name: string;
  text: string;
  rating: number;
  createdAt: string;
  /** The address of the reviewer's photo, when they gave one. */
  image?: string | undefined;
}

/** An article's comments, rating and views, read from storage for each render. */
export interface ArticleCommunity {
  comments: PublicComment[];
  rating: RatingSummary;
  views: number;
  /** The server's time of the render (ISO), so both renders write the same relative times. */
  now: string;
}

/** The home page's approved reviews with their average. */
export interface ReviewsSummary {
  reviews: PublicReview[];
  rating: RatingSummary;
  now: string;
}
