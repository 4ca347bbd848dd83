import express, { type RequestHandler, Router } from "express";
import { COMMUNITY_ERRORS, HONEYPOT_FIELD } from "../../core/domain/community";
import {
  commentRequestSchema,
  ratingRequestSchema,
  reviewRequestSchema,
} from "../../core/domain/schemas/community";
import { ARTICLE_SLUGS } from "../../core/domain/schemas/content";
import { clientAddressOf } from "../http/client-address";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import {
  type RateLimitStore,
  rateLimit,
  rateLimitCheck,
  visitorAndIpRules,
} from "../http/rate-limit";
import { clientIdOf, ensureClientId } from "../http/visitor";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import { addComment } from "./comments";
import { countView, rateArticle } from "./engagement";
import { addReview } from "./reviews";

const TEN_MINUTES = 10 * 60 * 1000;
const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * What one address may add to one article's rating or views in a day,
 * however many client ids it makes up (docs/decisions/0096): enough for
 * many people behind one carrier's address, little for a script.
 */
const PER_ADDRESS_AND_ARTICLE = { rating: 20, view: 200 } as const;

const isArticle = (slug: unknown): slug is string =>
  typeof slug === "string" && (ARTICLE_SLUGS as readonly string[]).includes(slug);

/**
 * Issue 7's public writes: comments and reviews (stored pending, 202),
 * article ratings (one per visitor, 201) and views (once per visitor and
 * day, 204). JSON only (a cross-site form cannot send it without a CORS
 * preflight, which we do not grant); rate-limited per visitor and per IP;
 * a filled honeypot is answered like a success and stored nowhere.
 * Ratings and views count only for a visitor known by the client id
 * cookie (issue 14): without one, a rating is refused (400) and a view is
 * not counted (204), and the answer sets the cookie, so that the
 * browser's next try counts; the site's own calls make sure the cookie
 * exists first.
 */
export function communityRouter(storage: Storage, limits: RateLimitStore): Router {
  const router = Router();
  const json = express.json({ limit: "16kb" });
  // A review may carry a photo of up to 200 KB, base64: a third larger.
  const reviewJson = express.json({ limit: "300kb" });
  const limited = (name: string, perVisitor: number, perIp: number) =>
    rateLimit({
      store: limits,
      name,
      rules: visitorAndIpRules(
        clientIdOf,
        { limit: perVisitor, windowMs: TEN_MINUTES },
        { limit: perIp, windowMs: TEN_MINUTES },
      ),
    });
  /** Counted ratings or views of one article from one address in a day (a 429 beyond). */
  const perAddressAndArticle = (name: keyof typeof PER_ADDRESS_AND_ARTICLE) =>
    rateLimitCheck({
      store: limits,
      name,
      rules: [
        {
          limit: PER_ADDRESS_AND_ARTICLE[name],
          windowMs: ONE_DAY,
          keyOf: (req) => `article:${String(req.params.slug)}:ip:${clientAddressOf(req)}`,
        },
      ],
    });
  const ratingPerAddress = perAddressAndArticle("rating");
  const viewPerAddress = perAddressAndArticle("view");
  /** An article's own route: a slug we do not publish is a 404 before anything else. */
  const article: RequestHandler = (req, res, next) => {
    if (isArticle(req.params.slug)) next();
    else sendError(res, 404, "unknown_article", COMMUNITY_ERRORS.article);
  };

  // Writes people make by hand: a few per visitor, more per IP (a carrier's NAT).
  router.post("/comments", limited("comment", 5, 30), json, async (req, res) => {
    const comment = parseInput(res, commentRequestSchema, req.body, INVALID_COMMENT);
    if (!comment) return;
    if (comment[HONEYPOT_FIELD]) {
      res.status(202).json({ id: newOpaqueId(), status: "pending" });
      return;
    }
    const outcome = await addComment(storage, comment);
    if (outcome.kind === "unknown_parent") {
      sendError(res, 400, INVALID_COMMENT.code, INVALID_COMMENT.message, {
        parentId: COMMUNITY_ERRORS.parent,
      });
      return;
    }
    res.status(202).json({ id: outcome.id, status: "pending" });
  });

  router.post("/reviews", limited("review", 5, 30), reviewJson, async (req, res) => {
    const review = parseInput(res, reviewRequestSchema, req.body, {
      code: "invalid_review",
      message: "The review is not valid.",
    });
    if (!review) return;
    const id = review[HONEYPOT_FIELD] ? newOpaqueId() : await addReview(storage, review);
    res.status(202).json({ id, status: "pending" });
  });

  router.post(
    "/articles/:slug/rating",
    limited("rating", 20, 100),
    json,
    article,
    async (req, res) => {
      const parsed = parseInput(res, ratingRequestSchema, req.body, {
        code: "invalid_rating",
        message: "The rating is not valid.",
      });
      if (!parsed) return;
      const slug = String(req.params.slug);
      const visitor = clientIdOf(req);
      if (!visitor) {
        ensureClientId(req, res);
        sendError(
          res,
          400,
          "visitor_required",
          "A rating counts once per visitor, known by the client_id cookie; send it again with the cookie this answer sets.",
        );
        return;
      }
      if (!(await ratingPerAddress(req, res))) return;
      const rating = await rateArticle(storage, slug, visitor, parsed.rating);
      res.status(201).json({ id: `${slug}:${visitor}`, rating, yours: parsed.rating });
    },
  );

  router.post("/articles/:slug/views", limited("view", 120, 600), article, async (req, res) => {
    const visitor = clientIdOf(req);
    if (!visitor) {
      // Not counted: a view without a visitor could be anyone, any number of times.
      ensureClientId(req, res);
      res.status(204).end();
      return;
    }
    if (!(await viewPerAddress(req, res))) return;
    await countView(storage, String(req.params.slug), visitor);
    res.status(204).end();
  });
  return router;
}

const INVALID_COMMENT = { code: "invalid_comment", message: "The comment is not valid." };
