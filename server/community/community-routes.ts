import express, { type RequestHandler, Router } from "express";
import { COMMUNITY_ERRORS, HONEYPOT_FIELD } from "../../core/community";
import {
  commentRequestSchema,
  ratingRequestSchema,
  reviewRequestSchema,
} from "../../core/schemas/community";
import { ARTICLE_SLUGS } from "../../core/schemas/content";
import { sendError } from "../http/errors";
import { parseInput } from "../http/parse";
import { type RateLimitStore, rateLimit, visitorAndIpRules } from "../http/rate-limit";
import { clientIdOf, ensureClientId } from "../http/visitor";
import type { Storage } from "../storage/database";
import { newOpaqueId } from "../storage/opaque-ids";
import { addComment } from "./comments";
import { countView, rateArticle } from "./engagement";
import { addReview } from "./reviews";

const TEN_MINUTES = 10 * 60 * 1000;

const isArticle = (slug: unknown): slug is string =>
  typeof slug === "string" && (ARTICLE_SLUGS as readonly string[]).includes(slug);

/**
 * Issue 7's public writes: comments and reviews (stored pending, 202),
 * article ratings (one per visitor, 201) and views (once per visitor and
 * day, 204). JSON only (a cross-site form cannot send it without a CORS
 * preflight, which we do not grant); rate-limited per visitor and per IP;
 * a filled honeypot is answered like a success and stored nowhere.
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
      const visitor = ensureClientId(req, res);
      const rating = await rateArticle(storage, slug, visitor, parsed.rating);
      res.status(201).json({ id: `${slug}:${visitor}`, rating, yours: parsed.rating });
    },
  );

  router.post("/articles/:slug/views", limited("view", 120, 600), article, async (req, res) => {
    await countView(storage, String(req.params.slug), ensureClientId(req, res));
    res.status(204).end();
  });
  return router;
}

const INVALID_COMMENT = { code: "invalid_comment", message: "The comment is not valid." };
