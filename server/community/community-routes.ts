import express, { type Request, type Response, Router } from "express";
import { COMMUNITY_ERRORS, HONEYPOT_FIELD } from "../../core/community";
import {
  commentRequestSchema,
  ratingRequestSchema,
  reviewRequestSchema,
} from "../../core/schemas/community";
import { ARTICLE_SLUGS } from "../../core/schemas/content";
import { newOpaqueId } from "../borrowers/leads";
import { fieldsOf, sendError } from "../http/errors";
import { rateLimiter } from "../http/rate-limit";
import { clientIdOf, ensureClientId } from "../http/visitor";
import type { Storage } from "../storage/database";
import { addComment, addReview, countView, rateArticle, reviewImage } from "./community";

const TEN_MINUTES = 10 * 60 * 1000;
const visitorOf = (req: Request) => clientIdOf(req);

/** Writes people make by hand: a few per visitor, more per IP (a carrier's NAT). */
const handWrites = (name: string) =>
  rateLimiter({
    name,
    perVisitor: { limit: 5, windowMs: TEN_MINUTES },
    perIp: { limit: 30, windowMs: TEN_MINUTES },
    visitorOf,
  });

const isArticle = (slug: unknown): slug is string =>
  typeof slug === "string" && (ARTICLE_SLUGS as readonly string[]).includes(slug);

/**
 * Issue 7's public writes: comments and reviews (stored pending, 202),
 * article ratings (one per visitor, 201) and views (once per visitor and
 * day, 204). JSON only (a cross-site form cannot send it without a CORS
 * preflight, which we do not grant); rate-limited per visitor and per IP;
 * a filled honeypot is answered like a success and stored nowhere.
 */
export function communityRouter(storage: Storage): Router {
  const router = Router();
  const json = express.json({ limit: "16kb" });
  // A review may carry a photo of up to 200 KB, base64: a third larger.
  const reviewJson = express.json({ limit: "300kb" });

  router.post("/comments", handWrites("comment"), json, async (req, res) => {
    const parsed = commentRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "invalid_comment", "The comment is not valid.", fieldsOf(parsed.error));
      return;
    }
    if (parsed.data[HONEYPOT_FIELD]) {
      res.status(202).json({ id: newOpaqueId(), status: "pending" });
      return;
    }
    const outcome = await addComment(storage, parsed.data);
    if (outcome.kind === "unknown_parent") {
      sendError(res, 400, "invalid_comment", "The comment is not valid.", {
        parentId: COMMUNITY_ERRORS.parent,
      });
      return;
    }
    res.status(202).json({ id: outcome.id, status: "pending" });
  });

  router.post("/reviews", handWrites("review"), reviewJson, async (req, res) => {
    const parsed = reviewRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      sendError(res, 400, "invalid_review", "The review is not valid.", fieldsOf(parsed.error));
      return;
    }
    const id = parsed.data[HONEYPOT_FIELD] ? newOpaqueId() : await addReview(storage, parsed.data);
    res.status(202).json({ id, status: "pending" });
  });

  router.post(
    "/articles/:slug/rating",
    rateLimiter({
      name: "rating",
      perVisitor: { limit: 20, windowMs: TEN_MINUTES },
      perIp: { limit: 100, windowMs: TEN_MINUTES },
      visitorOf,
    }),
    json,
    async (req, res) => {
      const { slug } = req.params;
      if (!isArticle(slug)) {
        sendError(res, 404, "unknown_article", COMMUNITY_ERRORS.article);
        return;
      }
      const parsed = ratingRequestSchema.safeParse(req.body);
      if (!parsed.success) {
        sendError(res, 400, "invalid_rating", "The rating is not valid.", fieldsOf(parsed.error));
        return;
      }
      const visitor = ensureClientId(req, res);
      const rating = await rateArticle(storage, slug, visitor, parsed.data.rating);
      res.status(201).json({ id: `${slug}:${visitor}`, rating, yours: parsed.data.rating });
    },
  );

  router.post(
    "/articles/:slug/views",
    rateLimiter({
      name: "view",
      perVisitor: { limit: 120, windowMs: TEN_MINUTES },
      perIp: { limit: 600, windowMs: TEN_MINUTES },
      visitorOf,
    }),
    async (req, res) => {
      const { slug } = req.params;
      if (!isArticle(slug)) {
        sendError(res, 404, "unknown_article", COMMUNITY_ERRORS.article);
        return;
      }
      await countView(storage, slug, ensureClientId(req, res));
      res.status(204).end();
    },
  );
  return router;
}

/** Serves a photo: its own type, no sniffing, nothing else allowed to run or load with it. */
export function sendReviewImage(
  res: Response,
  image: { contentType: string; data: Buffer },
  cache: string,
): void {
  res
    .status(200)
    .type(image.contentType)
    .setHeader("Cache-Control", cache)
    .setHeader("Content-Security-Policy", "default-src 'none'; sandbox")
    .setHeader("Content-Disposition", "inline")
    .send(image.data);
}

/** GET /reviews/{id}/image: the photo of an approved review; 404 otherwise. */
export function reviewImagesRouter(storage: Storage): Router {
  const router = Router();
  router.get("/reviews/:id/image", async (req, res) => {
    const image = await reviewImage(storage, String(req.params.id));
    if (!image) {
      sendError(res, 404, "not_found", "There is no such photo.");
      return;
    }
    // A rejected or deleted review's photo must go soon: a day at most in caches.
    sendReviewImage(res, image, "public, max-age=86400");
  });
  return router;
}
