import { Router } from "express";
import { z } from "zod";
import type { ModerationAction } from "../../core/views/back-office";
import { sendUploadedImage } from "../http/send-image";
import type { BackOffice } from "../staff/gate";
import { isOpaqueId } from "../storage/opaque-ids";
import type { ErasureRequestsTable } from "../storage/schema";
import { moderateAll, pendingItems, publishedItems, SEARCH_MAX_LENGTH } from "./moderation";
import { reviewImage } from "./reviews";

const ITEM = /^(comment|review):([\w-]{1,40})$/;
const ACTIONS = ["approve", "reject", "delete"] as const;

/** One item's buttons send `one=action:kind:id`; the bulk buttons `action` and each `item`. */
const moderationForm = z.union([
  z.object({ one: z.string().regex(/^(approve|reject|delete):(comment|review):[\w-]{1,40}$/) }),
  z.object({
    action: z.enum(["approve", "reject"]),
    item: z
      .union([z.string(), z.array(z.string()).min(1).max(200)])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .pipe(z.array(z.string().regex(ITEM))),
  }),
]);

/** What a moderator typed, without control characters (PostgreSQL's text holds no NUL). */
const searchOf = (value: unknown) =>
  typeof value === "string"
    ? value
        // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
        .replace(/[\u0000-\u001f\u007f]/g, "")
        .trim()
        .slice(0, SEARCH_MAX_LENGTH)
    : "";

/**
 * /admin/moderation/ (issues 7 and 16): the comments and reviews waiting
 * and those published, newest first, searchable; approve, reject or delete
 * one, approve or reject the selected ones, take a published one down; and
 * the confirmed deletion requests. For admins and moderators; every change
 * is in the audit log. What visitors wrote is shown as text, never as HTML.
 */
export function moderationRouter(
  backOffice: BackOffice,
  /** The confirmed deletion requests, newest first (server/borrowers/erasure.ts, from app.ts). */
  erasureRequests: () => Promise<ErasureRequestsTable[]>,
): Router {
  const router = Router();
  const { storage, send } = backOffice;

  backOffice.route(router, "GET /admin/moderation/", async (req, res, { viewer }) => {
    const query = searchOf(req.query.q);
    const [pending, published, erasures] = await Promise.all([
      pendingItems(storage, query),
      publishedItems(storage, query),
      erasureRequests(),
    ]);
    const action = ACTIONS.find((known) => known === req.query.done);
    const count = Number(req.query.count);
    send(
      res,
      200,
      {
        page: "moderation",
        query,
        pending,
        published,
        erasures: erasures.map((request) => ({
          createdAt: request.created_at,
          byEmail: request.by_email === 1,
          byPhone: request.by_phone === 1,
          erasedRecords: request.erased_records,
        })),
        done: action && Number.isInteger(count) && count >= 0 ? { action, count } : undefined,
      },
      viewer,
    );
  });

  backOffice.route(
    router,
    "POST /admin/moderation/",
    async (_req, res, { session, viewer, form }) => {
      const parsed = moderationForm.safeParse(form);
      if (!parsed.success) {
        send(res, 400, { page: "invalid" }, viewer);
        return;
      }
      const [action, items] =
        "one" in parsed.data
          ? [
              parsed.data.one.split(":")[0] as ModerationAction,
              [parsed.data.one.slice(parsed.data.one.indexOf(":") + 1)],
            ]
          : [parsed.data.action, parsed.data.item];
      const targets = items.map((item) => {
        const [, kind, id] = ITEM.exec(item) ?? [];
        return { kind: kind as "comment" | "review", id: id ?? "" };
      });
      const count = await moderateAll(
        storage,
        targets,
        action,
        { id: session.staff.id, label: session.staff.email },
        backOffice.now(),
      );
      const query = searchOf(form.q);
      const params = new URLSearchParams({ done: action, count: String(count) });
      if (query) params.set("q", query);
      res.redirect(303, `/admin/moderation/?${params}`);
    },
  );

  // A pending review's photo, for the moderator to see before approving it.
  backOffice.route(router, "GET /admin/reviews/:id/image", async (req, res, { viewer }) => {
    const id = String(req.params.id);
    const image = isOpaqueId(id) ? await reviewImage(storage, id, { pendingToo: true }) : undefined;
    if (!image) {
      send(res, 404, { page: "not-found" }, viewer);
      return;
    }
    sendUploadedImage(res, image, "private, no-store");
  });

  return router;
}
