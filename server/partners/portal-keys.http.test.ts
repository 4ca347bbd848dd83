import fc from "fast-check";
import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appWith,
  boundedRuns,
  openTestSqlite,
  PROPERTY_TEST_TIMEOUT_MS,
  type TestStorage,
} from "../test-support";
import { findPartner, hashSecretKey, rotateKeys } from "./partners";
import { approvedPortalPartner } from "./portal.test-support";

/**
 * The partner portal's keys page over HTTP (issue 18): the publishable key
 * and its origins (one per line, checked, https but for localhost outside
 * production), new keys after a confirmation, shown once; every change in
 * the audit log with the partner's account; partner B never reaches A's.
 */
const ORIGIN = "https://nayacompare.test";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN };
let test: TestStorage;
let app: ReturnType<typeof appWith>;
/** Outside production, as start.ts gives NODE_ENV=development: http for localhost too. */
let devApp: ReturnType<typeof appWith>;
type Signed = Awaited<ReturnType<typeof approvedPortalPartner>>;
let a: Signed;
let b: Signed;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage);
  devApp = appWith(test.storage, { postbackRules: { allowHttp: true } });
  a = await approvedPortalPartner(test.storage, { name: "Keys Alpha", email: "a@keys.example" });
  b = await approvedPortalPartner(test.storage, { name: "Keys Beta", email: "b@keys.example" });
  return () => test.cleanup();
});

const get = (who: Signed, url: string, on = app) =>
  inject(on, { method: "GET", url, headers: { cookie: who.cookie } });

function post(who: Signed, url: string, form: Record<string, string>, on = app) {
  return inject(on, {
    method: "POST",
    url,
    headers: { ...FORM, cookie: who.cookie },
    payload: new URLSearchParams({ csrf: who.csrf, ...form }).toString(),
  });
}

const stats = (secretKey: string) =>
  inject(app, {
    method: "GET",
    url: "/api/partner/v1/stats?from=2026-11-01&to=2026-11-02",
    headers: { authorization: `Bearer ${secretKey}` },
  });

/** The new key on a rotation's answer. */
const issuedIn = (body: string) =>
  /<code class="secret" id="issued-key">([^<]+)<\/code>/.exec(body)?.[1];

describe("the keys page", () => {
  it("shows the partner's own publishable key and origins, in each language, without a script", async () => {
    const partner = await findPartner(test.storage, a.partnerId);
    const en = await get(a, "/en/partner/portal/keys/");
    expect(en.statusCode).toBe(200);
    expect(en.headers["cache-control"]).toBe("no-store");
    expect(en.body).toContain(partner?.publishableKey ?? "missing");
    expect(en.body).toContain("Allowed origins");
    expect(en.body).not.toContain("<script");
    const si = await get(a, "/partner/portal/keys/");
    expect(si.body).toContain("අවසර ලත් මූලාරම්භ");
    // Signed out: sent to sign in.
    const out = await inject(app, { method: "GET", url: "/en/partner/portal/keys/" });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/en/partner/portal/");
  });

  it("saves origins one per line, refuses what is not an https origin, and audits the change", async () => {
    const saved = await post(a, "/en/partner/portal/keys/origins", {
      origins: "https://www.alpha.lk\r\n\r\n  https://shop.alpha.lk:8443/  \nhttps://www.alpha.lk",
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/en/partner/portal/keys/?notice=origins_saved");
    expect((await findPartner(test.storage, a.partnerId))?.origins).toEqual([
      "https://www.alpha.lk",
      "https://shop.alpha.lk:8443",
    ]);
    const page = await get(a, saved.headers.location ?? "");
    expect(page.body).toContain("Your allowed origins are saved.");
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor_id", "actor", "action", "after"])
      .where("subject", "=", `partner:${a.partnerId}`)
      .where("action", "=", "partner.update")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(`partner:${a.accountId}`);
    expect(audit[0]?.actor).toBe(`partner ${a.partnerId}`);
    expect(audit[0]?.after).toContain("https://shop.alpha.lk:8443");

    for (const [line, problem] of [
      ["http://www.alpha.lk", "must start with https://"],
      ["http://localhost:8080", "must start with https://"],
      ["https://www.alpha.lk/widget", "remove the path"],
      ["javascript:alert(1)", "not an address like"],
      ["www.alpha.lk", "not an address like"],
    ] as const) {
      const refused = await post(a, "/en/partner/portal/keys/origins", {
        origins: `https://ok.alpha.lk\n${line}`,
      });
      expect(refused.statusCode, line).toBe(400);
      expect(refused.body).toContain("Line 2");
      expect(refused.body).toContain(problem);
      expect(refused.body).toContain('aria-invalid="true"');
    }
    const many = await post(a, "/partner/portal/keys/origins", {
      origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.alpha.lk`).join("\n"),
    });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain("උපරිමය මූලාරම්භ 20කි");
    // Nothing refused was saved.
    expect((await findPartner(test.storage, a.partnerId))?.origins).toHaveLength(2);

    // Outside production, http://localhost is accepted; another http host is not.
    const local = await post(
      a,
      "/en/partner/portal/keys/origins",
      { origins: "https://www.alpha.lk\nhttp://localhost:8080\nhttp://[::1]:3000" },
      devApp,
    );
    expect(local.statusCode).toBe(303);
    expect((await findPartner(test.storage, a.partnerId))?.origins).toEqual([
      "https://www.alpha.lk",
      "http://localhost:8080",
      "http://[::1]:3000",
    ]);
    const lan = await post(
      a,
      "/en/partner/portal/keys/origins",
      { origins: "http://192.168.1.10" },
      devApp,
    );
    expect(lan.statusCode).toBe(400);
    // The field twice: its lines one after the other.
    const twice = await inject(app, {
      method: "POST",
      url: "/en/partner/portal/keys/origins",
      headers: { ...FORM, cookie: a.cookie },
      payload: `csrf=${a.csrf}&origins=https%3A%2F%2Fone.alpha.lk&origins=https%3A%2F%2Ftwo.alpha.lk`,
    });
    expect(twice.statusCode).toBe(303);
    expect((await findPartner(test.storage, a.partnerId))?.origins).toEqual([
      "https://one.alpha.lk",
      "https://two.alpha.lk",
    ]);
    // An empty list is allowed: the key then works from no site.
    const none = await post(a, "/en/partner/portal/keys/origins", { origins: "" });
    expect(none.statusCode).toBe(303);
    expect((await findPartner(test.storage, a.partnerId))?.origins).toEqual([]);
  });

  it("makes a new secret key after a confirmation, shows it once, and only the new one works", async () => {
    const old = await rotateKeys(test.storage, a.partnerId, ["secret"], {
      actor: { id: null, label: "test" },
    });
    expect((await stats(old.secretKey ?? "")).statusCode).toBe(200);

    const confirm = await get(a, "/en/partner/portal/keys/rotate/?key=secret");
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain("Make a new secret key?");
    expect(confirm.body).toContain('name="confirm" value="yes"');
    // Without the confirmation's field, nothing changes.
    const unconfirmed = await post(a, "/en/partner/portal/keys/rotate/", { key: "secret" });
    expect(unconfirmed.statusCode).toBe(400);
    expect((await stats(old.secretKey ?? "")).statusCode).toBe(200);

    const rotated = await post(a, "/en/partner/portal/keys/rotate/", {
      key: "secret",
      confirm: "yes",
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers["cache-control"]).toBe("no-store");
    expect(rotated.headers.location).toBeUndefined();
    expect(rotated.body).toContain("this is the only time we show it");
    const secretKey = issuedIn(rotated.body) ?? "";
    expect(secretKey).toMatch(/^sk_/);
    expect((await stats(old.secretKey ?? "")).statusCode).toBe(401);
    expect((await stats(secretKey)).statusCode).toBe(200);
    // Stored only as its hash; never on the page again.
    const row = await test.storage.db
      .selectFrom("partners")
      .selectAll()
      .where("id", "=", a.partnerId)
      .executeTakeFirstOrThrow();
    expect(row.secret_key_hash).toBe(hashSecretKey(secretKey));
    expect(JSON.stringify(row)).not.toContain(secretKey);
    const again = await get(a, "/en/partner/portal/keys/");
    expect(again.body).not.toContain(secretKey);
    const audit = await test.storage.db
      .selectFrom("audit_log")
      .select(["actor_id", "after"])
      .where("subject", "=", `partner:${a.partnerId}`)
      .where("action", "=", "partner.rotate")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(`partner:${a.accountId}`);
    expect(audit.after).toContain('"rotated":["secret"]');
    expect(JSON.stringify(audit)).not.toContain(secretKey);
  });

  it("makes a new postback secret and a new publishable key, each shown once", async () => {
    const before = await findPartner(test.storage, a.partnerId);
    const postback = await post(a, "/partner/portal/keys/rotate/", {
      key: "postback",
      confirm: "yes",
    });
    expect(postback.statusCode).toBe(200);
    const whsec = issuedIn(postback.body) ?? "";
    expect(whsec).toMatch(/^whsec_/);
    const stored = await test.storage.db
      .selectFrom("partners")
      .select("postback_secret")
      .where("id", "=", a.partnerId)
      .executeTakeFirstOrThrow();
    expect(stored.postback_secret).toBe(whsec);
    expect((await get(a, "/partner/portal/keys/")).body).not.toContain(whsec);

    const publishable = await post(a, "/en/partner/portal/keys/rotate/", {
      key: "publishable",
      confirm: "yes",
    });
    const pk = issuedIn(publishable.body) ?? "";
    expect(pk).toMatch(/^pk_/);
    expect(pk).not.toBe(before?.publishableKey);
    expect(publishable.body).toContain("change the partner attribute in your widget");
    expect((await findPartner(test.storage, a.partnerId))?.publishableKey).toBe(pk);
  });

  it("gives partner B nothing of A's by any parameter, and refuses forms without the token", async () => {
    const aBefore = await findPartner(test.storage, a.partnerId);
    const page = await get(b, `/en/partner/portal/keys/?partner=${a.partnerId}&id=${a.partnerId}`);
    expect(page.body).not.toContain(aBefore?.publishableKey ?? "missing");
    for (const form of [
      { key: "secret", confirm: "yes", partner: a.partnerId, id: a.partnerId },
      { key: "publishable", confirm: "yes", partnerId: a.partnerId },
    ]) {
      const res = await post(b, "/en/partner/portal/keys/rotate/", form);
      expect(res.statusCode).toBe(200);
    }
    await post(b, "/en/partner/portal/keys/origins", {
      origins: "https://b.example.lk",
      partner: a.partnerId,
    });
    const aAfter = await findPartner(test.storage, a.partnerId);
    expect(aAfter).toEqual(aBefore);
    expect((await findPartner(test.storage, b.partnerId))?.origins).toEqual([
      "https://b.example.lk",
    ]);
    // A's session token does not work for B's form, nor a form from another site.
    const wrongToken = await inject(app, {
      method: "POST",
      url: "/en/partner/portal/keys/rotate/",
      headers: { ...FORM, cookie: b.cookie },
      payload: new URLSearchParams({ csrf: a.csrf, key: "secret", confirm: "yes" }).toString(),
    });
    expect(wrongToken.statusCode).toBe(403);
    const foreign = await inject(app, {
      method: "POST",
      url: "/en/partner/portal/keys/origins",
      headers: { ...FORM, origin: "https://evil.example", cookie: b.cookie },
      payload: new URLSearchParams({ csrf: b.csrf, origins: "https://evil.example" }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("answers hostile forms and queries with a 4xx or a page, never a 5xx", {
    timeout: PROPERTY_TEST_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("keys/origins", "keys/rotate/"),
        fc.dictionary(
          fc.constantFrom("origins", "key", "confirm", "csrf", "x"),
          fc.oneof(fc.string({ maxLength: 300 }), fc.constant("yes"), fc.constant("secret")),
        ),
        async (route, form) => {
          const res = await inject(app, {
            method: "POST",
            url: `/en/partner/portal/${route}`,
            headers: { ...FORM, cookie: b.cookie },
            payload: new URLSearchParams({ ...form, csrf: b.csrf }).toString(),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      boundedRuns(60),
    );
    for (const query of ["?key=", "?key[]=secret", "?key=__proto__"]) {
      const res = await get(b, `/en/partner/portal/keys/rotate/${query}`);
      expect(res.statusCode).toBe(303);
    }
    // No address with U+0000 reaches a route (decision 0340).
    expect((await get(b, "/en/partner/portal/keys/rotate/?key=%00")).statusCode).toBe(400);
  });
});
