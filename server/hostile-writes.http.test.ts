import { randomUUID } from "node:crypto";
import type { Express } from "express";
import fc from "fast-check";
import inject from "light-my-request";
import { beforeAll, describe, expect, it } from "vitest";
import { MARKETING_COOKIE, MARKETING_SESSION_COOKIE } from "../core/domain/marketing";
import { APPLICATION_RESET_COOKIE } from "./borrowers/saved-application";
import {
  expectEnvelope,
  expectQuietLog,
  hostileKey,
  hostileString,
  JSON_ENDPOINTS,
  nextAddress,
  ROUTES,
  SLUG,
  setUpHostileApp,
  UNKNOWN_ID,
} from "./hostile-requests.test-support";
import { LEAD_COOKIE, PENDING_LEAD_COOKIE } from "./http/lead-cookie";
import { LOCALE_COOKIE } from "./http/locale-redirect";
import { CLIENT_ID_COOKIE } from "./http/visitor";
import { approvedPortalPartner } from "./partners/portal.test-support";
import { PORTAL_SESSION_COOKIE } from "./partners/portal-realm";
import { addStaffMember, signInOverHttp } from "./staff/staff.test-support";
import { DEVICE_COOKIE, SESSION_COOKIE } from "./staff/staff-realm";
import { boundedRuns, onEachEngine, testSite } from "./test-support";

/**
 * Issue 31: no input is a 5xx on either engine. Every write route the app
 * mounts (found by walking its routers, so a new one is in at once) gets a
 * multipart Content-Type whose body is not multipart, and U+0000 in a form
 * field, a JSON field, an address and a cookie: each refused with a 4xx
 * (decision 0340), the API's with the envelope, forms with their page,
 * and nothing in the log but the request lines. Then generated hostile
 * forms on every form with a signed-in member's and partner's CSRF
 * tokens, so the checks behind the parsers are reached too.
 */
const FORM_BODIES = 3_000;
const BUDGET_MS = 15_000;
const TIMEOUT_MS = BUDGET_MS + 30_000;

interface WriteRoute {
  method: string;
  /** The route's pattern, as registered (`/admin/staff/:id/role`). */
  pattern: string;
}

type RouterLayer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
  rawPath?: string | string[];
};

/** Every route but GET, HEAD and OPTIONS that the app's routers register, with its mount path. */
function writeRoutesOf(app: Express): WriteRoute[] {
  const found: WriteRoute[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = [layer.route.path].flat();
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || ["get", "head", "options", "_all"].includes(method)) continue;
          for (const path of paths)
            found.push({ method: method.toUpperCase(), pattern: prefix + path });
        }
      } else if (layer.handle.stack) {
        for (const mount of [layer.rawPath ?? "/"].flat()) {
          walk(layer.handle.stack, mount === "/" ? prefix : prefix + mount);
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, "");
  return found;
}

/** A pattern's parameters filled: an article's slug, else an id of nothing we hold. */
const urlOf = (pattern: string, value?: string) =>
  pattern.replace(
    /:(\w+)/g,
    (_match, name: string) => value ?? (name === "slug" ? SLUG : UNKNOWN_ID),
  );

/** Under /api the JSON endpoints; the rest are forms (the back office, the portal). */
const isApi = (route: WriteRoute) => route.pattern.startsWith("/api/");
/** The API's routes that also take a plain form (pages that work without script, lenders' postbacks). */
const API_FORMS = [
  "/api/unsubscribe",
  "/api/unsubscribe/confirm",
  "/api/offers-link",
  "/api/postback",
];
/** Whose valid CSRF token would end the session the sweep signs in with. */
const endsSession = (route: WriteRoute) => route.pattern.includes("sign-out");
/** A JSON endpoint whose answer does not depend on its body (a view counted). */
const readsNoBody = (route: WriteRoute) =>
  JSON_ENDPOINTS.some(
    (endpoint) =>
      endpoint.ignoresBody === true &&
      endpoint.url === urlOf(route.pattern) &&
      route.method === endpoint.method,
  );

/** Field names the forms use, so that a hostile value lands where a handler reads. */
const FORM_FIELDS = [
  "email",
  "password",
  "confirm",
  "code",
  "token",
  "name",
  "text",
  "role",
  "id",
  "ids",
  "action",
  "next",
  "locale",
  "origins",
  "template",
  "amount",
  "reason",
  "payoutModel",
  "payoutRupees",
  "record",
  "status",
  "requestId",
  "channel",
  "phone",
  "click_id",
];

onEachEngine((engine, open) => {
  describe(engine, () => {
    const context = setUpHostileApp(open);
    const { recorded } = context;
    let routes: WriteRoute[] = [];
    let cookie = "";
    let staffCsrf = "";
    let portalCsrf = "";

    beforeAll(async () => {
      routes = writeRoutesOf(context.app);
      const admin = await addStaffMember(context.storage, {
        email: "hostile-admin@nayacompare.test",
        role: "admin",
        twoFactor: true,
      });
      const signedIn = await signInOverHttp(context.app, admin, { remoteAddress: nextAddress() });
      const partner = await approvedPortalPartner(context.storage, {
        name: "Hostile Forms",
        email: "hostile-forms@partners.example",
      });
      cookie = `${signedIn.cookie}; ${partner.cookie}`;
      staffCsrf = signedIn.csrf;
      portalCsrf = partner.csrf;
      recorded.lines.length = 0;
    });

    /** The CSRF token a form route's page would carry. */
    const csrfFor = (route: WriteRoute) =>
      route.pattern.startsWith("/admin/")
        ? staffCsrf
        : route.pattern.includes("/partner/portal/")
          ? portalCsrf
          : "";

    const send = (
      route: WriteRoute,
      body: string,
      contentType: string,
      extra: Record<string, string> = {},
      url = urlOf(route.pattern),
    ) =>
      inject(context.app, {
        method: route.method as "POST",
        url,
        remoteAddress: nextAddress(),
        headers: {
          "content-type": contentType,
          // Our own pages' forms: the back office's and the portal's check it (0132).
          ...(isApi(route) ? {} : { origin: testSite.origin }),
          cookie,
          authorization: `Bearer ${context.secretKey}`,
          ...extra,
        },
        payload: body,
      });

    it("finds every write route: the API's, the back office's and the portal's in each language", () => {
      const names = routes.map((route) => `${route.method} ${route.pattern}`);
      expect(names).toContain("POST /api/event");
      expect(names).toContain("DELETE /api/push/subscriptions");
      expect(names).toContain("POST /admin/sign-in/");
      expect(names).toContain("POST /admin/lenders/:id/");
      expect(names).toContain("POST /ta/partner/portal/forgot/");
      expect(routes.length).toBeGreaterThanOrEqual(90);
      // Every write route of the API is in the generated sweep's list too (hostile-requests).
      const fuzzed = JSON_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url}`);
      for (const route of routes.filter(isApi)) {
        expect(fuzzed, `${route.method} ${route.pattern}`).toContain(
          `${route.method} ${urlOf(route.pattern)}`,
        );
      }
    });

    it("answers a multipart Content-Type whose body is not multipart with a 4xx on every write route", {
      timeout: TIMEOUT_MS,
    }, async () => {
      const broken = [
        "this body is not multipart at all",
        // A part that never ends: no closing boundary.
        '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nabc',
        // Another boundary than the one the Content-Type names.
        '--y\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nabc\r\n--y--\r\n',
      ];
      for (const route of routes) {
        for (const body of broken) {
          const res = await send(route, body, "multipart/form-data; boundary=x");
          const where = `${route.method} ${route.pattern}: ${res.statusCode}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (!readsNoBody(route)) expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          if (isApi(route) && res.statusCode >= 400) expectEnvelope(res.body, where);
        }
      }
      expectQuietLog(recorded);
    });

    it("refuses U+0000 in any form field with a 400 (a plain form of the API: its page)", {
      timeout: TIMEOUT_MS,
    }, async () => {
      for (const route of routes.filter(
        (route) => !isApi(route) || API_FORMS.includes(route.pattern),
      )) {
        for (const field of FORM_FIELDS) {
          const form = new URLSearchParams({
            csrf: csrfFor(route),
            [field]: "a\u0000b",
          }).toString();
          const res = await send(route, form, "application/x-www-form-urlencoded");
          const where = `${route.method} ${route.pattern} ${field}: ${res.statusCode}`;
          if (isApi(route)) {
            // The site's plain forms go back to their page with the problem named.
            expect([303, 400, 403, 404], where).toContain(res.statusCode);
          } else {
            expect(res.statusCode, where).toBe(400);
          }
        }
        if (isApi(route)) continue;
        const multipart = [
          "--x",
          'Content-Disposition: form-data; name="csrf"',
          "",
          csrfFor(route),
          "--x",
          'Content-Disposition: form-data; name="name"',
          "",
          "Nimal\u0000",
          "--x--",
          "",
        ].join("\r\n");
        const res = await send(route, multipart, "multipart/form-data; boundary=x");
        expect(res.statusCode, `${route.method} ${route.pattern} (multipart)`).toBe(400);
      }
      expectQuietLog(recorded);
    });

    it("refuses U+0000 in any JSON field, and in a key, with a 400 and the envelope", {
      timeout: TIMEOUT_MS,
    }, async () => {
      for (const endpoint of JSON_ENDPOINTS) {
        const base: Record<string, unknown> =
          endpoint.valid ?? Object.fromEntries(endpoint.fields.map((field) => [field, "x"]));
        const names = [...new Set([...Object.keys(base), ...endpoint.fields])];
        const bodies = [
          ...names.map((name) => ({ ...base, [name]: `${String(base[name] ?? "x")}\u0000` })),
          { ...base, "x\u0000": 1 },
          { ...base, nested: { deeper: ["\u0000"] } },
        ];
        for (const body of bodies) {
          const headers: Record<string, string> = { cookie: `${CLIENT_ID_COOKIE}=${randomUUID()}` };
          for (const [header, value] of Object.entries(endpoint.headers ?? {})) {
            headers[header] = value
              .replace("{secretKey}", context.secretKey)
              .replace("{clientId}", randomUUID());
          }
          const res = await inject(context.app, {
            method: endpoint.method,
            url: endpoint.url,
            remoteAddress: nextAddress(),
            headers: { "content-type": "application/json", ...headers },
            payload: JSON.stringify(body),
          });
          const where = `${endpoint.method} ${endpoint.url} ${JSON.stringify(body).slice(0, 120)}: ${res.statusCode}`;
          if (endpoint.ignoresBody && endpoint.fields.length === 0 && res.statusCode < 300)
            continue;
          expect(res.statusCode, where).toBe(400);
          expectEnvelope(res.body, where);
        }
      }
      expectQuietLog(recorded);
    });

    it("refuses %00 in every route's address (path or query) with a 400", {
      timeout: TIMEOUT_MS,
    }, async () => {
      const addresses = [
        ...ROUTES.flatMap((route) => [
          route.replaceAll("{}", "a%00b"),
          route.replaceAll("{}", "%00"),
        ]),
        ...routes
          .filter((route) => route.pattern.includes(":"))
          .map((route) => urlOf(route.pattern, "a%00b")),
        ...routes.map((route) => `${urlOf(route.pattern)}?next=%00`),
      ];
      for (const url of addresses) {
        for (const method of ["GET", "POST"] as const) {
          const res = await inject(context.app, {
            method,
            url: `http://localhost${url}`,
            remoteAddress: nextAddress(),
            headers: { cookie, "content-type": "application/json" },
            ...(method === "POST" ? { payload: "{}" } : {}),
          });
          const where = `${method} ${url}: ${res.statusCode}`;
          expect(res.statusCode, where).toBe(400);
          expectEnvelope(res.body, where);
        }
      }
      expectQuietLog(recorded);
    });

    it("takes a cookie holding U+0000 as no cookie, on every route", {
      timeout: TIMEOUT_MS,
    }, async () => {
      const names = [
        SESSION_COOKIE,
        DEVICE_COOKIE,
        PORTAL_SESSION_COOKIE,
        LEAD_COOKIE,
        PENDING_LEAD_COOKIE,
        APPLICATION_RESET_COOKIE,
        CLIENT_ID_COOKIE,
        LOCALE_COOKIE,
        MARKETING_COOKIE,
        MARKETING_SESSION_COOKIE,
      ];
      const nulCookies = names.map((name) => `${name}=a%00b`).join("; ");
      const requests = [
        ...ROUTES.map((route) => ({ method: "GET" as const, url: route.replaceAll("{}", "x") })),
        ...[
          "/",
          "/en/offers/",
          "/ta/application/",
          "/admin/",
          "/partner/portal/",
          "/en/partner/portal/account/",
        ].map((url) => ({ method: "GET" as const, url })),
        ...routes.map((route) => ({ method: route.method as "POST", url: urlOf(route.pattern) })),
      ];
      for (const request of requests) {
        const res = await inject(context.app, {
          ...request,
          url: `http://localhost${request.url}`,
          remoteAddress: nextAddress(),
          headers: {
            cookie: nulCookies,
            "content-type": "application/json",
            origin: testSite.origin,
          },
          ...(request.method === "GET" ? {} : { payload: "{}" }),
        });
        expect(res.statusCode, `${request.method} ${request.url}: ${res.statusCode}`).toBeLessThan(
          500,
        );
      }
      expectQuietLog(recorded);
    });

    it(`answers ${FORM_BODIES} generated hostile forms over every form, with its CSRF token, never with a 5xx`, {
      timeout: TIMEOUT_MS,
    }, async () => {
      const forms = routes.filter((route) => !isApi(route) || API_FORMS.includes(route.pattern));
      const field = fc.oneof(
        fc.constantFrom(...FORM_FIELDS),
        hostileKey,
        fc.string({ maxLength: 12 }),
      );
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...forms),
          fc.array(fc.tuple(field, hostileString), { maxLength: 8 }),
          fc.boolean(),
          async (route, entries, multipart) => {
            sent += 1;
            const pairs = entries.filter(([, value]) => !value.includes("\u0000"));
            if (!endsSession(route)) pairs.unshift(["csrf", csrfFor(route)]);
            const body = multipart
              ? `${pairs.map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`).join("")}--x--\r\n`
              : new URLSearchParams(pairs).toString();
            const type = multipart
              ? "multipart/form-data; boundary=x"
              : "application/x-www-form-urlencoded";
            const res = await send(route, body, type);
            const where = `${route.method} ${route.pattern} (${multipart ? "multipart" : "form"}): ${res.statusCode}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (isApi(route) && res.statusCode >= 400) expectEnvelope(res.body, where);
          },
        ),
        boundedRuns(FORM_BODIES, BUDGET_MS),
      );
      console.info(`${engine}: ${sent} hostile forms over ${forms.length} forms`);
      expectQuietLog(recorded);
    });
  });
});
