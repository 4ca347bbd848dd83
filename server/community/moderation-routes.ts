import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, Router } from "express";
import { cookieValue } from "../../core/cookies";
import { escapeHtml } from "../../core/html";
import { erasureRequests } from "../borrowers/erasure";
import { secureCookies, serializeCookie } from "../http/cookies";
import { type RateLimitStore, rateLimit } from "../http/rate-limit";
import { sendUploadedImage } from "../http/send-image";
import type { Storage } from "../storage/database";
import {
  type ModerationAction,
  moderate,
  type PendingItem,
  pendingItems,
  publishedItems,
} from "./moderation";
import { reviewImage } from "./reviews";

const SESSION_COOKIE = "admin_session";
const SESSION_MS = 8 * 60 * 60 * 1000;

/** Nothing of the admin area may be framed, cached, indexed or scripted. */
const ADMIN_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sign(token: string, purpose: string): string {
  return createHmac("sha256", token).update(purpose).digest("base64url");
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * /admin/ (issue 7): moderation of comments and reviews, and the list of
 * deletion requests. Not linked from the site and `noindex`. Without
 * ADMIN_TOKEN configured it does not exist (404). A moderator signs in
 * with the token (compared in constant time, rate-limited); the session is
 * a signed expiry in an HttpOnly, SameSite=Strict cookie scoped to /admin/;
 * every change is a POST carrying a CSRF token derived from the session and
 * from a page of ours (Origin checked). Pages are plain HTML written here,
 * every value escaped; no script runs in them.
 */
export function adminRouter(
  storage: Storage,
  adminToken: string | undefined,
  limits: RateLimitStore,
): Router {
  const router = Router();
  if (!adminToken) return router;
  const token = adminToken;

  const sessionValid = (req: Request): string | undefined => {
    const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (!session) return undefined;
    const [expires = "", signature = ""] = session.split(".");
    if (!/^\d+$/.test(expires) || Number(expires) < Date.now()) return undefined;
    return same(signature, sign(token, `session:${expires}`)) ? session : undefined;
  };
  const csrfFor = (session: string) => sign(token, `csrf:${session}`);
  const sameOrigin = (req: Request) => {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };

  const send = (res: Response, status: number, title: string, body: string) => {
    res
      .status(status)
      .setHeader("Content-Security-Policy", ADMIN_POLICY)
      .setHeader("X-Robots-Tag", "noindex, nofollow")
      .setHeader("Cache-Control", "no-store")
      .setHeader("X-Frame-Options", "DENY")
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | NayaCompare admin</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}form{display:inline}button{margin:.1rem;padding:.3rem .6rem}.text{white-space:pre-wrap;overflow-wrap:anywhere}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      );
  };

  const loginPage = (res: Response, status: number, problem?: string) =>
    send(
      res,
      status,
      "Moderation: sign in",
      `${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ""}<form method="post" action="/admin/login"><label for="token">Admin token</label> <input id="token" name="token" type="password" autocomplete="current-password" required> <button type="submit">Sign in</button></form>`,
    );

  const form = express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 });

  router.get(["/admin", "/admin/"], async (req, res) => {
    const session = sessionValid(req);
    if (!session) {
      loginPage(res, 401);
      return;
    }
    const [pending, published, erasures] = await Promise.all([
      pendingItems(storage),
      publishedItems(storage),
      erasureRequests(storage),
    ]);
    const csrf = csrfFor(session);
    send(res, 200, "Moderation", adminBody(pending, published, erasures, csrf));
  });

  router.post(
    "/admin/login",
    rateLimit({
      store: limits,
      name: "admin sign-in",
      rules: [{ limit: 10, windowMs: 15 * 60 * 1000, keyOf: (req) => `ip:${req.ip ?? "unknown"}` }],
    }),
    form,
    (req, res) => {
      const given = typeof req.body?.token === "string" ? req.body.token : "";
      if (!sameOrigin(req) || !same(sign(token, `login:${given}`), sign(token, `login:${token}`))) {
        loginPage(res, 401, "That token is not right.");
        return;
      }
      const expires = String(Date.now() + SESSION_MS);
      res.append(
        "Set-Cookie",
        serializeCookie(SESSION_COOKIE, `${expires}.${sign(token, `session:${expires}`)}`, {
          maxAgeSeconds: SESSION_MS / 1000,
          httpOnly: true,
          secure: secureCookies(req),
          path: "/admin",
          sameSite: "Strict",
        }),
      );
      res.redirect(303, "/admin/");
    },
  );

  // A pending review's photo, for the moderator to see before approving it.
  router.get("/admin/reviews/:id/image", async (req, res) => {
    if (!sessionValid(req)) {
      loginPage(res, 401);
      return;
    }
    const image = await reviewImage(storage, String(req.params.id), { pendingToo: true });
    if (!image) {
      send(res, 404, "Not found", "<p>That photo no longer exists.</p>");
      return;
    }
    sendUploadedImage(res, image, "private, no-store");
  });

  router.post("/admin/moderate", form, async (req, res) => {
    const session = sessionValid(req);
    if (!session) {
      loginPage(res, 401);
      return;
    }
    const { kind, id, action, csrf } = (req.body ?? {}) as Record<string, unknown>;
    if (!sameOrigin(req) || typeof csrf !== "string" || !same(csrf, csrfFor(session))) {
      send(res, 403, "Refused", "<p>This request did not come from a page of ours.</p>");
      return;
    }
    const validKind = kind === "comment" || kind === "review";
    const validAction = action === "approve" || action === "reject" || action === "delete";
    if (!validKind || !validAction || typeof id !== "string" || !/^[\w-]{1,40}$/.test(id)) {
      send(
        res,
        400,
        "Not understood",
        '<p>That request is not valid.</p><a href="/admin/">Back</a>',
      );
      return;
    }
    const found = await moderate(storage, kind, id, action as ModerationAction);
    if (!found) {
      send(res, 404, "Not found", '<p>That item no longer exists.</p><a href="/admin/">Back</a>');
      return;
    }
    res.redirect(303, "/admin/");
  });
  return router;
}

function adminBody(
  pending: PendingItem[],
  published: PendingItem[],
  erasures: Awaited<ReturnType<typeof erasureRequests>>,
  csrf: string,
): string {
  const button = (item: PendingItem, action: ModerationAction, label: string) =>
    `<form method="post" action="/admin/moderate"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><input type="hidden" name="kind" value="${item.kind}"><input type="hidden" name="id" value="${escapeHtml(item.id)}"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
  const row = (item: PendingItem, actions: string) =>
    `<tr><td>${item.kind}${item.slug ? `<br><a href="/en/${escapeHtml(item.slug)}/">${escapeHtml(item.slug)}</a>` : ""}${item.rating ? `<br>${item.rating} of 5` : ""}${item.hasImage ? `<br><img src="/admin/reviews/${escapeHtml(item.id)}/image" alt="The reviewer's photo" width="96" height="96" style="object-fit:cover">` : ""}</td><td>${escapeHtml(item.name)}</td><td class="text">${escapeHtml(item.text)}</td><td>${escapeHtml(item.createdAt)}</td><td>${actions}</td></tr>`;
  const rows = pending
    .map((item) =>
      row(
        item,
        `${button(item, "approve", "Approve")}${button(item, "reject", "Reject")}${button(item, "delete", "Delete")}`,
      ),
    )
    .join("");
  const publishedRows = published
    .map((item) =>
      row(item, `${button(item, "reject", "Unpublish")}${button(item, "delete", "Delete")}`),
    )
    .join("");
  const table = (body: string, decision: string) =>
    `<table><thead><tr><th>What</th><th>Name</th><th>Text</th><th>Sent (UTC)</th><th>${decision}</th></tr></thead><tbody>${body}</tbody></table>`;
  const erasureRows = erasures
    .map(
      (request) =>
        `<tr><td>${escapeHtml(request.created_at)}</td><td>${request.by_email ? "e-mail" : ""}${request.by_email && request.by_phone ? " and " : ""}${request.by_phone ? "phone" : ""}</td><td>${request.erased_records}</td></tr>`,
    )
    .join("");
  return `<h2>Waiting for moderation (${pending.length})</h2>${
    pending.length === 0 ? "<p>Nothing is waiting.</p>" : table(rows, "Decision")
  }<h2>Published, newest first</h2>${
    published.length === 0 ? "<p>Nothing is published yet.</p>" : table(publishedRows, "Take down")
  }<h2>Deletion requests</h2>${
    erasures.length === 0
      ? "<p>None yet.</p>"
      : `<table><thead><tr><th>When (UTC)</th><th>By</th><th>Records erased</th></tr></thead><tbody>${erasureRows}</tbody></table>`
  }`;
}
