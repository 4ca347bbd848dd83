import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { type CountryCode, DEFAULT_COUNTRY_CONFIG } from "../../core/domain/country";
import { feedConfigNamesOf } from "../../core/domain/feed-config";
import { quoteLoan } from "../../core/domain/loan";
import { LOAN_TERM_LK } from "../../core/domain/product";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import type { Offer } from "../../core/domain/schemas/offer";
import { colomboToday } from "../../core/helpers/dates";
import { applyVerified } from "../borrowers/applicant.test-support";
import { fixedCatalogue } from "../lenders/catalogue";
import lk from "../lenders/catalogues/lk.json";
import { appWith, setUpTestApp, testOutbox } from "../test-support";

const byId = (left: { offer_id: number }, right: { offer_id: number }) =>
  left.offer_id - right.offer_id;

const context = setUpTestApp();

describe("GET /api/feed/config/:name", () => {
  it("answers the Sri Lankan catalogue to any origin, cacheable for a while", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/lk" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const body = res.json() as Offer[];
    // Every offer as the catalogue has it; only the order is ours.
    expect(body.toSorted(byId)).toEqual((lk as Offer[]).toSorted(byId));
  });

  it("ranks the catalogue for the calculator's default loan: those that lend it by total, then the rest", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/lk" });
    const body = res.json() as Offer[];
    const lends = (offer: Offer) =>
      offer.amount.min <= 50_000 &&
      offer.amount.max >= 50_000 &&
      offer.termDays.min <= LOAN_TERM_LK.default &&
      offer.termDays.max >= LOAN_TERM_LK.default;
    const firstOther = body.findIndex((offer) => !lends(offer));
    expect(firstOther).toBeGreaterThan(1);
    expect(body.slice(firstOther).every((offer) => !lends(offer))).toBe(true);
    const totals = body.slice(0, firstOther).map(
      (offer) =>
        quoteLoan({
          amount: 50_000,
          termDays: LOAN_TERM_LK.default,
          terms: offer.terms,
          startDate: colomboToday(new Date()),
        }).total,
    );
    // Issue 15: it was the catalogue's order.
    expect(totals).toEqual(totals.toSorted((left, right) => left - right));
  });

  it.each(["zz", "LK", "lk.json", "..%2Flk", "a".repeat(300)])(
    "answers an unknown config name %s with a JSON 404",
    async (name) => {
      const res = await inject(context.app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toMatch(/^(unknown_feed_config|not_found)$/);
    },
  );
});

/** SPEC §1's countries, and the config SPEC §7's rule names for each (our pages have no /ru/). */
const SPEC_COUNTRIES = [
  ["RO", "ro"],
  ["CO", "co"],
  ["MX", "mx"],
  ["ES", "es"],
  ["PL", "pl"],
  ["KZ", "kz_ru"],
  ["VN", "vn"],
  ["LK", "lk"],
  ["PH", "ph"],
  ["UA", "ua_ua"],
  ["ZA", "za"],
] as const satisfies readonly (readonly [CountryCode, string])[];

/** An app for a deployment in `country`: its lenders under its config names, as start.ts does. */
function appFor(country: CountryCode, offers: readonly Offer[] = lk as Offer[]) {
  const catalogue = fixedCatalogue(offers);
  return appWith(context.test.storage, {
    country: { ...DEFAULT_COUNTRY_CONFIG, country },
    catalogues: new Map(feedConfigNamesOf(country).map((name) => [name, catalogue])),
  });
}

const idsOf = (body: unknown) => (body as Offer[]).map((offer) => offer.offer_id);

describe("feed configs for every country of SPEC §1 (issue 21)", () => {
  it.each(SPEC_COUNTRIES)(
    "COUNTRY=%s: GET /api/feed/config serves the deployment's lenders as %s; another country's config is empty",
    async (country, name) => {
      const app = appFor(country);
      const own = await inject(app, { method: "GET", url: "/api/feed/config" });
      expect(own.statusCode).toBe(200);
      expect(own.headers["content-location"]).toBe(`/api/feed/config/${name}`);
      expect(own.headers["access-control-allow-origin"]).toBe("*");
      expect(own.headers["cache-control"]).toBe("public, max-age=300");
      expect(own.json().toSorted(byId)).toEqual((lk as Offer[]).toSorted(byId));

      const named = await inject(app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(named.statusCode).toBe(200);
      expect(named.json()).toEqual(own.json());

      // Every other country's config exists and lists nobody: its lenders are not ours.
      for (const [, other] of SPEC_COUNTRIES.filter(([code]) => code !== country)) {
        const res = await inject(app, { method: "GET", url: `/api/feed/config/${other}` });
        expect(res.statusCode, other).toBe(200);
        expect(res.json(), other).toEqual([]);
      }
    },
  );

  it("serves Ukraine's lenders under both its configs, ua_ru and ua_ua", async () => {
    const app = appFor("UA");
    for (const name of ["ua_ru", "ua_ua"]) {
      const res = await inject(app, { method: "GET", url: `/api/feed/config/${name}` });
      expect(idsOf(res.json()).toSorted()).toEqual(idsOf(lk).toSorted());
    }
    const kz = appFor("KZ");
    const plain = await inject(kz, { method: "GET", url: "/api/feed/config/kz" });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error.code).toBe("unknown_feed_config");
  });

  it("answers kz_ru on a Sri Lankan deployment with an empty list, not a 404", async () => {
    const res = await inject(context.app, { method: "GET", url: "/api/feed/config/kz_ru" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const own = await inject(context.app, { method: "GET", url: "/api/feed/config" });
    expect(own.headers["content-location"]).toBe("/api/feed/config/lk");
  });
});

describe("SPEC §7's offer 67 for Spain in the lead feed", () => {
  /** A verified applicant of each deployment: offers 101, 102, 107 and 110 fit. */
  async function leadFeedOf(
    country: CountryCode,
    phone: string,
    offers: readonly Offer[] = lk as Offer[],
  ): Promise<number[]> {
    const outbox = testOutbox();
    const catalogue = fixedCatalogue(offers);
    const app = appWith(context.test.storage, {
      country: { ...DEFAULT_COUNTRY_CONFIG, country },
      catalogues: new Map(feedConfigNamesOf(country).map((name) => [name, catalogue])),
      messenger: outbox.messenger,
      outboxDir: outbox.dir,
    });
    const { leadId } = await applyVerified(app, outbox.messages, {
      ...validApplication,
      term: 90,
      phone,
    });
    const res = await inject(app, {
      method: "GET",
      url: `/api/feed/leads?lead_id=${leadId}&page=all&direction=swap&pf=1`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it("adds 67 after the matched offers where the ES config is served, and nowhere else", async () => {
    expect(await leadFeedOf("ES", "0770006701")).toEqual([110, 102, 101, 107, 67]);
    expect(await leadFeedOf("LK", "0770006702")).toEqual([110, 102, 101, 107]);
    expect(await leadFeedOf("UA", "0770006703")).toEqual([110, 102, 101, 107]);
  });

  it("does not add 67 twice when the lead's offers have it already", async () => {
    const with67 = (lk as Offer[]).map((offer) =>
      offer.offer_id === 101 ? { ...offer, offer_id: 67 } : offer,
    );
    expect(await leadFeedOf("ES", "0770006704", with67)).toEqual([110, 102, 67, 107]);
  });
});
