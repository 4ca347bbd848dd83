import { randomUUID } from "node:crypto";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import {
  addStaffMember,
  formHeaders,
  signInOverHttp,
  type TestMember,
} from "../staff/staff.test-support";
import { setUpTestApp, testOutbox } from "../test-support";

const SLUG = "are-you-ready-to-apply-for-personal-loans";
const outbox = testOutbox();
const context = setUpTestApp({
  messenger: outbox.messenger,
  outboxDir: outbox.dir,
});

let address = 0;
/** A new client address per request, so the per-IP limits do not add up across tests. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return inject(context.app, {
    method: "POST",
    url,
    remoteAddress: nextAddress(),
    headers: { "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
}

function comment(overrides: Record<string, unknown> = {}) {
  return {
    slug: SLUG,
    locale: "en",
    name: "Ruwan",
    email: "ruwan.reader@example.lk",
    text: "Very clear, thank you.",
    website: "",
    ...overrides,
  };
}

/** A deletion request for an e-mail, confirmed with the code sent to it (issue 14). */
async function eraseByEmail(email: string) {
  const asked = await postJson("/api/unsubscribe", { email });
  expect(asked.statusCode).toBe(202);
  const message = outbox.messages().findLast((sent) => sent.to === email);
  const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
  const erased = await postJson("/api/unsubscribe/confirm", {
    requestId: asked.json().requestId,
    code,
  });
  expect(erased.statusCode).toBe(200);
  return erased;
}

async function page(url: string, cookie?: string) {
  return inject(context.app, { method: "GET", url, headers: cookie ? { cookie } : {} });
}

let moderator: TestMember | undefined;

/**
 * Signs a moderator in to the back office (issue 16: a staff account, where
 * one shared token was) and returns the session cookie, the moderation page
 * and its CSRF token.
 */
async function signIn(): Promise<{ cookie: string; csrf: string; html: string }> {
  moderator ??= await addStaffMember(context.test.storage, {
    email: "moderator@nayacompare.test",
    role: "moderator",
  });
  const signedIn = await signInOverHttp(context.app, moderator, { remoteAddress: nextAddress() });
  const admin = await page("/admin/moderation/", signedIn.cookie);
  expect(admin.statusCode).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(admin.body)?.[1] ?? "";
  expect(csrf).toBe(signedIn.csrf);
  return { cookie: signedIn.cookie, csrf, html: admin.body };
}

async function moderate(
  session: { cookie: string; csrf: string },
  kind: string,
  id: string,
  action: string,
) {
  return inject(context.app, {
    method: "POST",
    url: "/admin/moderation/",
    headers: formHeaders(session),
    payload: new URLSearchParams({ one: `${action}:${kind}:${id}`, csrf: session.csrf }).toString(),
  });
}

describe("comments, moderated", () => {
  it("stores a comment as pending, shows it only after approval, never with its e-mail", async () => {
    const xss = `<img src=x onerror="alert('xss')"><script>alert(1)</script>`;
    const sent = await postJson("/api/comments", comment({ name: "<b>Ruwan</b>", text: xss }));
    expect(sent.statusCode).toBe(202);
    const { id, status } = sent.json();
    expect(status).toBe("pending");
    expect((await page(`/en/${SLUG}/`)).body).not.toContain("onerror");

    const session = await signIn();
    expect(session.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(session.html).not.toContain("<script>alert(1)");
    expect((await moderate(session, "comment", id, "approve")).statusCode).toBe(303);

    const article = await page(`/en/${SLUG}/`);
    expect(article.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(article.body).not.toContain("<script>alert(1)");
    expect(article.body).not.toContain("ruwan.reader@example.lk");
    const state = await page(`/client-api/page?path=/en/${SLUG}/`);
    expect(state.json().state.view.community.comments).toContainEqual(
      expect.objectContaining({ id, text: xss, parentId: null }),
    );
    expect(state.body).not.toContain("ruwan.reader@example.lk");

    // A reply answers an approved comment of the same article only.
    expect((await postJson("/api/comments", comment({ parentId: id }))).statusCode).toBe(202);
    const orphan = await postJson("/api/comments", comment({ parentId: "AAAAAAAAAAAAAAAAAAAAAA" }));
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.fields.parentId).toBe("The comment you answer is not available");

    // A published comment can be taken down, then deleted; each takes effect at once.
    const published = await page("/admin/moderation/", session.cookie);
    expect(published.body).toContain("Published, newest first");
    expect((await moderate(session, "comment", id, "reject")).statusCode).toBe(303);
    expect((await page(`/en/${SLUG}/`)).body).not.toContain("onerror");
    expect((await moderate(session, "comment", id, "delete")).statusCode).toBe(303);
    expect((await page(`/en/${SLUG}/`)).body).not.toContain("onerror");
  });

  it("answers a bad comment with the fields to correct", async () => {
    const res = await postJson("/api/comments", comment({ email: "nope", text: "" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: "Enter a valid email address",
      text: "Write a comment of 2 to 2,000 characters",
    });
    const unknown = await postJson("/api/comments", comment({ slug: "no-such-article" }));
    expect(unknown.json().error.fields.slug).toBe("There is no such article");
  });

  it("accepts a filled honeypot like a success and stores nothing", async () => {
    const res = await postJson("/api/comments", comment({ website: "http://spam.example" }));
    expect(res.statusCode).toBe(202);
    const session = await signIn();
    expect(session.html).not.toContain(res.json().id);
  });

  it("answers a flood from one visitor with 429 and Retry-After", async () => {
    const cookie = "client_id=3f1c2b9e-7d4a-4c1b-9a8e-2b6d5f4e3c21";
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let index = 0; index < 7; index++) {
      const res = await postJson("/api/comments", comment({ text: `Flood ${index}` }), { cookie });
      statuses.push(res.statusCode);
      retryAfter = res.headers["retry-after"];
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("ratings and views", () => {
  it("keeps one rating per visitor and shows the average", async () => {
    const cookie = "client_id=0b7c4f3e-9a61-4d2a-8e5f-3c1d2b4a6e70";
    const first = await postJson(`/api/articles/${SLUG}/rating`, { rating: 4 }, { cookie });
    expect(first.statusCode).toBe(201);
    const again = await postJson(`/api/articles/${SLUG}/rating`, { rating: 2 }, { cookie });
    const other = await postJson(
      `/api/articles/${SLUG}/rating`,
      { rating: 5 },
      { cookie: "client_id=5d2e8a1b-6c3f-4e7a-9b0d-1f2a3c4b5d6e" },
    );
    expect(again.json()).toMatchObject({ yours: 2, rating: { count: 1, average: 2 } });
    expect(other.json().rating).toEqual({ count: 2, average: 3.5 });
    const badRating = await postJson(`/api/articles/${SLUG}/rating`, { rating: 6 }, { cookie });
    expect(badRating.json().error.code).toBe("invalid_rating");
    expect((await postJson("/api/articles/nothing/rating", { rating: 3 })).statusCode).toBe(404);
  });

  it("counts a view once per visitor and day, and orders the blog's popular list by views", async () => {
    const popularSlug = "top-things-you-can-buy-in-a-bad-economy";
    const cookie = "client_id=7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
    const other = "client_id=2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";
    const first = await postJson(`/api/articles/${popularSlug}/views`, {}, { cookie });
    expect(first.statusCode).toBe(204);
    await postJson(`/api/articles/${popularSlug}/views`, {}, { cookie });
    await postJson(`/api/articles/${popularSlug}/views`, {}, { cookie: other });
    await postJson(`/api/articles/${SLUG}/views`, {}, { cookie });
    const article = await page(`/client-api/page?path=/en/${popularSlug}/`);
    expect(article.json().state.view.community.views).toBe(2);
    const blog = await page("/client-api/page?path=/en/blog/");
    const popular = blog.json().state.view.popular.map((item: { slug: string }) => item.slug);
    expect(popular.slice(0, 2)).toEqual([popularSlug, SLUG]);
  });
});

describe("customer reviews", () => {
  it("shows a review on the home page only after approval, with the average, never its e-mail", async () => {
    const sent = await postJson("/api/reviews", {
      locale: "si",
      name: "Dilani",
      email: "Dilani.Reviewer@Example.lk",
      text: "Compared four offers in a few minutes.",
      rating: 5,
      website: "",
    });
    expect(sent.statusCode).toBe(202);
    // Kept (in lower case, as an erasure request names it), sealed under the e-mail's key.
    const stored = await context.test.storage.db
      .selectFrom("reviews")
      .select(["email", "key_id"])
      .where("id", "=", sent.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.key_id).toBe(
      await context.test.storage.keys.contactKeyId(
        context.test.storage.db,
        "email",
        "dilani.reviewer@example.lk",
      ),
    );
    const [opened] = await context.test.storage.keys.openRows(context.test.storage.db, "reviews", [
      stored,
    ]);
    expect(opened?.email).toBe("dilani.reviewer@example.lk");
    const before = await page("/client-api/page?path=/en/");
    expect(before.json().state.view.reviews.rating.count).toBe(0);
    const session = await signIn();
    await moderate(session, "review", sent.json().id, "approve");
    const after = await page("/client-api/page?path=/en/");
    expect(after.json().state.view.reviews).toMatchObject({
      rating: { average: 5, count: 1 },
      reviews: [expect.objectContaining({ name: "Dilani", rating: 5 })],
    });
    expect(after.body.toLowerCase()).not.toContain("dilani.reviewer@example.lk");
    expect((await page("/en/")).body.toLowerCase()).not.toContain("dilani.reviewer@example.lk");
  });

  it("asks a review for an e-mail, as a comment does", async () => {
    const review = { locale: "en", name: "Dilani", text: "Compared four offers.", rating: 4 };
    const missing = await postJson("/api/reviews", review);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ email: "Enter a valid email address" });
    const wrong = await postJson("/api/reviews", { ...review, email: "dilani@" });
    expect(wrong.json().error.fields).toEqual({ email: "Enter a valid email address" });
  });
});

describe("the admin area", () => {
  // Issue 16 replaced the shared token with staff accounts: without a session the
  // moderation page sends the visitor to sign in (it answered 401 with a token form).
  it("sends a visitor without a session to sign in, refuses a wrong password, and is noindex", async () => {
    const res = await page("/admin/moderation/");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/admin/sign-in/?next=%2Fadmin%2Fmoderation%2F");
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const form = await page("/admin/sign-in/");
    expect(form.statusCode).toBe(200);
    expect(form.headers["x-robots-tag"]).toBe("noindex, nofollow");
    const wrong = await inject(context.app, {
      method: "POST",
      url: "/admin/sign-in/",
      remoteAddress: nextAddress(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=moderator%40nayacompare.test&password=guess",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a change without the CSRF token or from another site", async () => {
    const id = (await postJson("/api/comments", comment())).json().id;
    const session = await signIn();
    expect(
      (await moderate({ ...session, csrf: "forged" }, "comment", id, "approve")).statusCode,
    ).toBe(403);
    const crossSite = await inject(context.app, {
      method: "POST",
      url: "/admin/moderation/",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: session.cookie,
        origin: "https://evil.example",
      },
      payload: new URLSearchParams({ one: `approve:comment:${id}`, csrf: session.csrf }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    // A session cookie we did not make is no session: sign in (it was a 401 with the shared token).
    const forgedSession = await page("/admin/moderation/", "admin_session=99999999999999.forged");
    expect(forgedSession.statusCode).toBe(303);
    expect(forgedSession.headers.location).toMatch(/^\/admin\/sign-in\//);
  });

  it("lists deletion requests; an erasure deletes the comments and reviews written with the e-mail", async () => {
    const session = await signIn();
    const mine = await postJson(
      "/api/comments",
      comment({ email: "erase.me@example.lk", name: "Erase Me", text: "Words of Erase Me" }),
    );
    await moderate(session, "comment", mine.json().id, "approve");
    const answer = await postJson(
      "/api/comments",
      comment({ parentId: mine.json().id, text: "An answer by Ruwan that stays" }),
    );
    await moderate(session, "comment", answer.json().id, "approve");
    const review = await postJson("/api/reviews", {
      locale: "en",
      name: "Erase Me",
      email: "Erase.Me@example.lk",
      text: "A review by Erase Me, to be erased",
      rating: 2,
    });
    await moderate(session, "review", review.json().id, "approve");
    expect((await page(`/en/${SLUG}/`)).body).toContain("Words of Erase Me");

    const erased = await eraseByEmail("erase.me@example.lk");
    // The browser that asked forgets its application too.
    expect(String(erased.headers["set-cookie"])).toMatch(/^lead=; Path=\/; Max-Age=0/);
    const row = await context.test.storage.db
      .selectFrom("comments")
      .select(["email", "name", "text"])
      .where("id", "=", mine.json().id)
      .executeTakeFirstOrThrow();
    // Kept as an empty placeholder, since Ruwan answered it (decision 0091).
    expect(row).toEqual({ email: null, name: "", text: "" });
    const reviews = await context.test.storage.db
      .selectFrom("reviews")
      .select("id")
      .where("id", "=", review.json().id)
      .execute();
    expect(reviews).toEqual([]);

    const article = await page(`/en/${SLUG}/`);
    expect(article.body).not.toContain("Words of Erase Me");
    expect(article.body).not.toContain("Erase Me");
    expect(article.body).toContain("This comment was deleted at its author’s request.");
    expect(article.body).toContain("An answer by Ruwan that stays");
    const state = await page(`/client-api/page?path=/en/${SLUG}/`);
    expect(state.json().state.view.community.comments).toContainEqual({
      id: mine.json().id,
      parentId: null,
      name: "",
      text: "",
      createdAt: expect.any(String),
      erased: true,
    });
    expect((await page("/en/")).body).not.toContain("A review by Erase Me");
    // A placeholder takes no new answers, and moderators have nothing of it to moderate.
    const late = await postJson("/api/comments", comment({ parentId: mine.json().id }));
    expect(late.statusCode).toBe(400);

    const admin = await page("/admin/moderation/", session.cookie);
    expect(admin.body).not.toContain("Erase Me");
    expect(admin.body).toContain("Deletion requests");
    expect(admin.body).toMatch(/<td>e-mail<\/td><td>2<\/td>/);
  });
});

describe("a review's photo", () => {
  const TINY_PNG =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
  const review = (image: string) => ({
    locale: "en",
    name: "Nadeesha",
    email: "nadeesha@example.lk",
    text: "Clear figures, no surprises.",
    rating: 4,
    website: "",
    image,
  });

  it("is kept with a pending review, shown to the moderator, public once approved", async () => {
    const sent = await postJson("/api/reviews", review(`data:image/png;base64,${TINY_PNG}`));
    expect(sent.statusCode).toBe(202);
    const { id } = sent.json();
    expect((await page(`/reviews/${id}/image`)).statusCode).toBe(404);

    const session = await signIn();
    expect(session.html).toContain(`/admin/reviews/${id}/image`);
    const forModerator = await page(`/admin/reviews/${id}/image`, session.cookie);
    expect(forModerator.statusCode).toBe(200);
    expect(forModerator.headers["content-type"]).toBe("image/png");
    // Without a session: sign in first (it was a 401 with the shared token).
    expect((await page(`/admin/reviews/${id}/image`)).statusCode).toBe(303);

    await moderate(session, "review", id, "approve");
    const image = await page(`/reviews/${id}/image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(image.rawPayload.equals(Buffer.from(TINY_PNG, "base64"))).toBe(true);
    const home = await page("/client-api/page?path=/en/");
    expect(home.json().state.view.reviews.reviews).toContainEqual(
      expect.objectContaining({ id, image: `/reviews/${id}/image` }),
    );

    await moderate(session, "review", id, "delete");
    expect((await page(`/reviews/${id}/image`)).statusCode).toBe(404);
  });

  it("refuses anything that is not the image it claims to be", async () => {
    for (const image of [
      `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`,
      `data:image/svg+xml;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
      "https://example.lk/photo.png",
      // A length no base64 has: atob throws on it, which must not become a 500.
      "data:image/png;base64,AAAAA",
    ]) {
      const res = await postJson("/api/reviews", review(image));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.image).toBe(
        "Choose a JPEG, PNG or WebP image of up to 200 KB",
      );
    }
  });
});

describe("ratings and views cannot be stuffed", () => {
  const rateAs = (slug: string, rating: number, cookie?: string, remoteAddress = nextAddress()) =>
    inject(context.app, {
      method: "POST",
      url: `/api/articles/${slug}/rating`,
      remoteAddress,
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify({ rating }),
    });
  const viewAs = (slug: string, cookie?: string, remoteAddress = nextAddress()) =>
    inject(context.app, {
      method: "POST",
      url: `/api/articles/${slug}/views`,
      remoteAddress,
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: "{}",
    });
  const community = async (slug: string) =>
    (await page(`/client-api/page?path=/en/${slug}/`)).json().state.view.community as {
      rating: { count: number; average: number };
      views: number;
    };
  const madeUpVisitor = () => `client_id=${randomUUID()}`;

  it("counts no rating and no view without a client id, and gives the browser one", async () => {
    const slug = "smart-tips-to-save-money-from-your-salary";
    for (let index = 0; index < 5; index++) {
      const rated = await rateAs(slug, 1);
      expect(rated.statusCode).toBe(400);
      expect(rated.json().error.code).toBe("visitor_required");
      expect((await viewAs(slug)).statusCode).toBe(204);
    }
    expect(await community(slug)).toMatchObject({ rating: { count: 0 }, views: 0 });
    // The cookie the refusal set makes the next rating count: a browser that tries again.
    const refused = await rateAs(slug, 4);
    const cookie = String(refused.headers["set-cookie"]).split(";")[0] ?? "";
    expect(cookie).toMatch(/^client_id=[0-9a-f-]{36}$/);
    expect((await rateAs(slug, 4, cookie)).statusCode).toBe(201);
    expect((await viewAs(slug, cookie)).statusCode).toBe(204);
    expect(await community(slug)).toMatchObject({ rating: { count: 1, average: 4 }, views: 1 });
  });

  it("counts at most 20 ratings and 200 views an article a day from one address, whatever client ids it makes up", async () => {
    const slug = "grocery-shopping-for-less-to-enjoy-more-savings";
    const address = "203.0.113.77";
    const ratings: number[] = [];
    for (let index = 0; index < 25; index++) {
      ratings.push((await rateAs(slug, 1, madeUpVisitor(), address)).statusCode);
    }
    expect(ratings).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
    const views: number[] = [];
    for (let index = 0; index < 205; index++) {
      views.push((await viewAs(slug, madeUpVisitor(), address)).statusCode);
    }
    expect(views.filter((status) => status === 204)).toHaveLength(200);
    expect(views.slice(200)).toEqual(Array(5).fill(429));
    expect(await community(slug)).toMatchObject({ rating: { count: 20 }, views: 200 });
    // Another article, and the same article from another address, still count.
    expect(
      (await rateAs("smart-tips-to-save-money-from-your-salary", 5, madeUpVisitor(), address))
        .statusCode,
    ).toBe(201);
    expect((await rateAs(slug, 5, madeUpVisitor())).statusCode).toBe(201);
  });
});
