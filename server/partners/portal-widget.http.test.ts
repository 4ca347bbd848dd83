import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../core/helpers/html";
import type { Locale } from "../../core/locale";
import { WIDGET_FIELDS } from "../../core/views/portal/widget";
import {
  appWith,
  boundedRuns,
  openTestSqlite,
  PROPERTY_TEST_TIMEOUT_MS,
  type TestStorage,
  testSite,
} from "../test-support";
import { createPartner, type Partner } from "./partners";
import { inviteToClaim, setPasswordByLink } from "./portal-accounts";
import { startPortalSession } from "./portal-realm";

/**
 * The portal's widget and link builder over HTTP (issue 18): the page in
 * both languages with the snippet made of the build's manifest (pinned
 * script, SRI hash) and the signed-in partner's own key or id, whatever the
 * query says; its CSP; the errors in the page's language; the builder
 * script; hostile queries answered 200 or 400, never 5xx, never reflected
 * unescaped.
 */
const PINNED = "loan-widget-0.1.0-0123abcd.js";
const INTEGRITY = `sha384-${"Ab1+".repeat(16)}`;
const BASES: Record<Locale, string> = {
  si: "/partner/portal/",
  en: "/en/partner/portal/",
  ta: "/ta/partner/portal/",
};

/** The page's words this test looks for (site/portal/pages/widget/widget-messages.ts; server/ may not import site/). */
const WORDS = {
  si: {
    title: "විජට් සහ සබැඳි",
    code: "මෙම කේතය පිටපත් කරන්න",
    tooLarge: "රු. 5,000 සිට රු. 200,000 දක්වා මුදලක් තෝරන්න.",
    colour: "වර්ණය hex කේතයක් ලෙස ඇතුළත් කරන්න, උදා. #0b6e4f.",
    radius: "0 සිට 32 දක්වා පික්සල ගණනක් පූර්ණ සංඛ්‍යාවකින් ඇතුළත් කරන්න.",
    personal: "මෙය පුද්ගලික දත්ත (ඊමේල්, දුරකථන හෝ ජා.හැ.අ. අංකයක්) ලෙස පෙනේ. ඔබේම කේතයක් භාවිත කරන්න.",
    code_: "අකුරු, ඉලක්කම් හෝ . _ - : ~ පමණක්, 100ක් දක්වා භාවිත කරන්න (හිස්තැන් නැතිව).",
  },
  en: {
    title: "Widget and links",
    code: "Copy this code",
    tooLarge: "Choose an amount from Rs. 5,000 to Rs. 200,000.",
    colour: "Enter a colour as a hex code, like #0b6e4f.",
    radius: "Enter a whole number of pixels from 0 to 32.",
    personal:
      "This looks like personal data (an e-mail, a phone or an NIC number). Use a code of your own.",
    code_: "Use up to 100 letters, digits or . _ - : ~ (no spaces).",
  },
} as const;
const ORIGINS_NONE = "You have not registered a site yet:";

let test: TestStorage;
let distDir: string;
let app: ReturnType<typeof appWith>;
const partners: Record<"a" | "b", Partner> = {} as Record<"a" | "b", Partner>;
const cookies: Record<"a" | "b", string> = { a: "", b: "" };

beforeAll(async () => {
  test = await openTestSqlite();
  distDir = mkdtempSync(path.join(tmpdir(), "portal-widget-dist-"));
  mkdirSync(path.join(distDir, "widget"));
  mkdirSync(path.join(distDir, "portal"));
  writeFileSync(
    path.join(distDir, "widget", "manifest.json"),
    JSON.stringify({
      version: "0.1.0",
      latest: "loan-widget.js",
      pinned: PINNED,
      integrity: INTEGRITY,
    }),
  );
  writeFileSync(path.join(distDir, "portal", "widget-builder.js"), "/* the builder */");
  app = appWith(test.storage, { distDir });
  const now = new Date();
  for (const [name, origins] of [
    ["a", ["https://a-deals.example"]],
    ["b", []],
  ] as const) {
    const { partner } = await createPartner(test.storage, {
      id: `portal-widget-${name}`,
      name: `Partner ${name}`,
      payoutModel: "lead",
      payoutRupees: 300,
      origins: [...origins],
      postbackUrl: null,
    });
    partners[name] = partner;
    const email = `owner@${name}-deals.example`;
    const token = await inviteToClaim(test.storage, partner.id, email, "en", now);
    const account = await setPasswordByLink(test.storage, token, "a kettle of seven herons", now);
    if (!account) throw new Error("no account");
    cookies[name] = `partner_session=${await startPortalSession(test.storage, account.id, now)}`;
  }
});

afterAll(async () => {
  await test?.cleanup();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, who: "a" | "b" | null = "a") =>
  inject(app, { method: "GET", url, headers: who ? { cookie: cookies[who] } : {} });

/** A code as the page shows it (the textarea's text, unescaped): the snippet unless named. */
function snippetOf(body: string, name: "snippet" | "iframe" = "snippet"): string {
  const match = new RegExp(`<textarea id="wb-${name}"[^>]*>([^<]*)</textarea>`).exec(body);
  return (match?.[1] ?? "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

describe("the widget page", () => {
  for (const locale of ["si", "en"] as const) {
    it(`shows the partner's snippet with the pinned script and its hash (${locale})`, async () => {
      const res = await get(`${BASES[locale]}widget/`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${locale}">`);
      expect(res.body).toContain(`<h1>${WORDS[locale].title}</h1>`);
      expect(res.body).toContain(WORDS[locale].code);
      expect(snippetOf(res.body)).toBe(
        [
          `<script src="${testSite.origin}/widget/v1/${PINNED}" integrity="${INTEGRITY}" crossorigin="anonymous" defer></script>`,
          `<loan-widget partner="${partners.a.publishableKey}" lang="${locale}" amount="50000" period="360"></loan-widget>`,
        ].join("\n"),
      );
      // The second form: the frame, named by the partner id (decision 0432), titled in its language.
      const title = locale === "en" ? "Loan calculator and offers" : "ණය ගණකය සහ ණය දීමනා";
      expect(snippetOf(res.body, "iframe")).toBe(
        `<iframe src="${testSite.origin}/embed/?element=loan-widget&amp;partner=${partners.a.id}&amp;lang=${locale}&amp;amount=50000&amp;period=360" title="${title}" width="100%" height="820" style="border:0;max-width:480px" loading="lazy"></iframe>`,
      );
      // The preview: the same pinned script from our origin, events only logged; the builder.
      expect(res.body).toContain(
        `<script src="/widget/v1/${PINNED}" integrity="${INTEGRITY}" data-events="log" defer="">`,
      );
      expect(res.body).toContain(`<script src="${BASES[locale]}widget/builder.js" defer="">`);
      expect(res.headers["cache-control"]).toBe("no-store");
    });
  }

  it("shows WordPress's screens under its steps, each opening at full size, described in the page's language", async () => {
    // The first picture's words (widget-messages*.ts); the build serves docs/screens/embed/ there (0468).
    const inserter: Record<Locale, string> = {
      si: "WordPress block editor: + ඔබා, සෙවුමේ “Custom HTML” ලියූ විට Custom HTML block එක පෙන්වයි.",
      en: "WordPress’s block editor: + pressed and “Custom HTML” typed in the search, which offers the Custom HTML block.",
      ta: "WordPress block editor: + ஐ அழுத்தி, தேடலில் “Custom HTML” என எழுதியதும் Custom HTML block காட்டப்படுகிறது.",
    };
    for (const locale of ["si", "en", "ta"] as const) {
      const body = (await get(`${BASES[locale]}widget/`)).body;
      const screens = [...body.matchAll(/<a href="([^"]+)"><img src="([^"]+)" alt="([^"]+)"/g)];
      expect(screens.map(([, href, src]) => [href, src])).toEqual(
        ["wordpress-1-custom-html", "wordpress-2-code-pasted", "wordpress-3-published-phone"].map(
          (name) => [`/screens/embed/${name}.png`, `/screens/embed/${name}.png`],
        ),
      );
      expect(screens[0]?.[3]).toBe(escapeHtml(inserter[locale]));
      expect(new Set(screens.map(([, , , alt]) => alt)).size).toBe(3);
    }
  });

  it("allows our scripts, our API and the preview's stylesheet by its hash, on this page only", async () => {
    const res = await get("/en/partner/portal/widget/?accent=%23aa0000&radius=4");
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("unsafe");
    const styles = [...res.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
    expect(styles).toHaveLength(2);
    for (const style of styles) {
      const hash = createHash("sha256")
        .update(style ?? "")
        .digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(styles[1]).toContain("--loan-color-accent:#aa0000");
    expect(styles[1]).toContain("--loan-radius:4px");
    // The portal's other pages run no script.
    const home = await get("/en/partner/portal/");
    expect(String(home.headers["content-security-policy"])).not.toContain("script-src");
  });

  it("makes the snippet and the link of the settings in the query", async () => {
    const query = new URLSearchParams({
      element: "loan-offers",
      lang: "en",
      amount: "Rs. 75,000",
      period: "180",
      accent: "#AA0000",
      on_accent: "fff",
      radius: "4",
      sub1: "spring-sale",
      sub3: "top.banner",
      partner_as: "id",
      link_to: "application",
      link_lang: "si",
      link_sub2: "news-letter",
      link_utm_campaign: "avurudu_2027",
    });
    const res = await get(`/en/partner/portal/widget/?${query}`);
    expect(res.statusCode).toBe(200);
    expect(snippetOf(res.body).split("\n")[1]).toBe(
      `<loan-offers partner="portal-widget-a" lang="en" amount="75000" period="180" sub1="spring-sale" sub3="top.banner" style="--loan-color-accent: #aa0000; --loan-radius: 4px"></loan-offers>`,
    );
    expect(res.body).toContain(
      `${testSite.origin}/application/?partner=portal-widget-a&amp;sub2=news-letter&amp;utm_campaign=avurudu_2027</textarea>`,
    );
    // Each form keeps the other's values for a page load without script.
    expect(res.body).toContain('<input type="hidden" name="link_sub2" value="news-letter"/>');
    expect(res.body).toContain('<input type="hidden" name="sub1" value="spring-sale"/>');
  });

  for (const locale of ["si", "en"] as const) {
    it(`names each wrong field in the page's language, with no snippet or link (${locale})`, async () => {
      const t = WORDS[locale];
      const query = new URLSearchParams({
        amount: "400000",
        accent: "green",
        radius: "99",
        sub2: "0771234567",
        link_sub1: "spring sale",
      });
      const res = await get(`${BASES[locale]}widget/?${query}`);
      expect(res.statusCode).toBe(400);
      for (const [field, problem] of [
        ["amount", t.tooLarge],
        ["accent", t.colour],
        ["radius", t.radius],
        ["sub2", t.personal],
        ["link_sub1", t.code_],
      ]) {
        expect(res.body).toContain(
          `<span class="field-error" id="wb-${field}-error">${escapeHtml(problem ?? "")}</span>`,
        );
        expect(res.body).toMatch(new RegExp(`id="wb-${field}"[^>]*aria-invalid="true"`));
      }
      expect(snippetOf(res.body)).toBe("");
      expect(res.body).toContain('<textarea id="wb-link" readOnly="" rows="3"></textarea>');
    });
  }
});

describe("two partners", () => {
  it("each sees only its own key and id, whatever the query names", async () => {
    const tries = [
      "",
      "?partner_as=key",
      "?partner_as=id",
      `?partner=${partners.a.id}`,
      `?partner_id=${partners.a.id}&key=${partners.a.publishableKey}`,
    ];
    for (const query of tries) {
      for (const locale of ["si", "en"] as const) {
        const res = await get(`${BASES[locale]}widget/${query}`, "b");
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(partners.a.id);
        expect(res.body).not.toContain(partners.a.publishableKey);
        expect(res.body).not.toContain("a-deals.example");
        const own = query === "?partner_as=key" ? partners.b.publishableKey : partners.b.id;
        expect(snippetOf(res.body)).toContain(`partner="${own}"`);
      }
    }
    const a = await get("/en/partner/portal/widget/", "a");
    expect(a.body).not.toContain(partners.b.id);
    expect(a.body).not.toContain(partners.b.publishableKey);
    // Partner B has no registered site: its snippet names it by id, and the page says why.
    const b = await get("/en/partner/portal/widget/", "b");
    expect(b.body).toContain(ORIGINS_NONE);
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    for (const url of [
      "/partner/portal/widget/",
      "/en/partner/portal/widget/?element=loan-offers",
    ]) {
      const res = await get(url, null);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(
        url.startsWith("/en/") ? "/en/partner/portal/" : "/partner/portal/",
      );
    }
  });
});

describe("the builder script", () => {
  it("is served from the build, not cached", async () => {
    for (const base of Object.values(BASES)) {
      const res = await get(`${base}widget/builder.js`, null);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/javascript");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toBe("/* the builder */");
    }
  });

  it("is absent without a build, and so is its tag", async () => {
    const bare = appWith(test.storage);
    const script = await inject(bare, { method: "GET", url: "/partner/portal/widget/builder.js" });
    expect(script.statusCode).toBe(404);
    const page = await inject(bare, {
      method: "GET",
      url: "/en/partner/portal/widget/",
      headers: { cookie: cookies.a },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("builder.js");
    // Without a manifest the snippet takes the latest script, without a hash.
    expect(snippetOf(page.body).split("\n")[0]).toBe(
      `<script src="${testSite.origin}/widget/v1/loan-widget.js" defer></script>`,
    );
  });
});

describe("hostile queries", () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom(
      '<script>alert("x")</script>',
      '"><img src=x onerror=alert(1)>',
      "</textarea><script>alert(1)</script>",
      "javascript:alert(1)",
      "#fff;background:url(https://evil.example/)",
      "4px;}</style><script>alert(1)</script>",
      "\u0000\u202e\ud800",
    ),
  );
  const fields = [...WIDGET_FIELDS, "link_to", "link_lang", "link_sub1", "link_utm_term"];

  it(
    "are answered 200 or 400, never 5xx, and never written back unescaped",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), hostile, { maxKeys: 6 }),
          fc.constantFrom(...Object.values(BASES)),
          async (values, base) => {
            const query = new URLSearchParams(values);
            const res = await get(`${base}widget/?${query}`);
            expect([200, 400]).toContain(res.statusCode);
            // Markup the page has anyway (a generated "<a", say) proves nothing either way.
            const plain = (await get(`${base}widget/`)).body;
            for (const value of Object.values(values)) {
              if (/<[a-z/!]/i.test(value) && !plain.includes(value)) {
                expect(res.body).not.toContain(value);
              }
            }
            expect(res.body).not.toContain("<script>alert");
            // U+0000 in the address is refused before the page, with the envelope (0340).
            if (String(res.headers["content-type"]).startsWith("application/json")) {
              expect(query.toString()).toContain("%00");
              return;
            }
            // Only checked colours and numbers reach the preview's stylesheet.
            const preview = /<style>(#widget-preview[^<]*)<\/style>/.exec(res.body)?.[1] ?? "";
            expect(preview).toMatch(/^[#\w\-:;{}]+$/);
          },
        ),
        boundedRuns(150),
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it("repeated and nested names are read as text", async () => {
    const res = await get(
      "/partner/portal/widget/?amount=1&amount=2&sub1[x]=y&element[]=loan-offers",
    );
    expect([200, 400]).toContain(res.statusCode);
  });
});
