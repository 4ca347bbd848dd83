import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type Express } from "express";
import { type CountryConfig, DEFAULT_COUNTRY_CONFIG } from "../core/domain/country";
import { feedConfigName } from "../core/domain/feed-config";
import type { AssetManifest, SiteSettings } from "../core/views/site-contract";
import { consentToShareText, type renderPage, robotsTxt, sitemapXml } from "../site/server";
import { applicationsRouter } from "./borrowers/application-routes";
import { clickoutRouter } from "./borrowers/clickout-routes";
import type { LeadStatusListener } from "./borrowers/clicks";
import { CODE_SEND_LIMITS, type CodeSendLimits } from "./borrowers/code-sending";
import { erasureRequests } from "./borrowers/erasure";
import { unsubscribeRouter } from "./borrowers/erasure-routes";
import { landingRouter } from "./borrowers/landing-routes";
import { postbackRouter } from "./borrowers/lender-postback-routes";
import { offersLinkRouter } from "./borrowers/offers-link-routes";
import { pushRouter } from "./borrowers/push-routes";
import { APPLICATION_RESET_COOKIE } from "./borrowers/saved-application";
import { verificationRouter } from "./borrowers/verification-routes";
import { communityRouter } from "./community/community-routes";
import { pendingCount } from "./community/moderation";
import { moderationRouter } from "./community/moderation-routes";
import { reviewImagesRouter } from "./community/review-image-routes";
import { erasureSteps } from "./erasure";
import { lenderDays } from "./funnel/funnel";
import { funnelRouter } from "./funnel/funnel-routes";
import { healthRouter } from "./health-routes";
import { apiErrorHandler, apiNotFound, sendError } from "./http/errors";
import { inOrder } from "./http/in-order";
import { LEAD_COOKIE, PENDING_LEAD_COOKIE } from "./http/lead-cookie";
import { localeRedirect } from "./http/locale-redirect";
import { refuseNulInAddress } from "./http/nul-address";
import type { OutboundRules } from "./http/outbound";
import { precompressedScripts } from "./http/precompressed";
import {
  memoryRateLimitStore,
  type RateLimitRule,
  type RateLimitStore,
  storageRateLimitStore,
} from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import { securityHeaderList, securityHeaders } from "./http/security-headers";
import { trailingSlashRedirect } from "./http/trailing-slash";
import { undecodablePath } from "./http/undecodable-path";
import { invoicesRouter } from "./invoices/invoice-routes";
import { cardAdminRouter } from "./lenders/card-admin-routes";
import { type Catalogues, fixedCatalogue, type OfferSource } from "./lenders/catalogue";
import {
  createDecisionNetwork,
  type DecisionNetwork,
  decisionCallbackUrl,
} from "./lenders/decision-network";
import { lenderDecisionsRouter } from "./lenders/decision-routes";
import { lenderAdminRouter } from "./lenders/lender-admin-routes";
import { lenderPortalRouter } from "./lenders/lender-portal-routes";
import { lenderLogosRouter } from "./lenders/logo-routes";
import { oddsCalibrationRouter } from "./lenders/odds-calibration-routes";
import type { Logger } from "./log";
import type { Messenger } from "./messaging/messenger";
import { applicationOffersRouter } from "./offers/application-offers-routes";
import { approvalOddsFor } from "./offers/approval-odds";
import { approvalOddsRouter } from "./offers/approval-odds-routes";
import { feedRouter } from "./offers/feed-routes";
import { createLeadOffers, type LeadOffersSource, offersPageLead } from "./offers/lead-offers";
import { buildRouter } from "./pages/build-routes";
import { clientApiRouter } from "./pages/client-api-routes";
import { type PageLoaders, pageLoaders } from "./pages/loaders";
import { createPageCache } from "./pages/page-cache";
import { cachedPagesHandler, type PageCaching, pagesHandler } from "./pages/page-routes";
import { serviceWorkerRouter } from "./pages/service-worker-routes";
import { partnerApiRouter } from "./partners/api-routes";
import { partnersBackOfficeRouter } from "./partners/back-office-routes";
import { partnerPagesRouter } from "./partners/demo-routes";
import { partnerApiDocsRouter } from "./partners/docs-routes";
import { embedRouter } from "./partners/embed-routes";
import { checkPublishableKey, publicPreflight } from "./partners/keys";
import { activePartnerId } from "./partners/partners";
import { PORTAL_SESSION_COOKIE } from "./partners/portal-realm";
import { partnerPortalRouter } from "./partners/portal-routes";
import { backOfficeRouter } from "./staff/back-office-routes";
import { createBackOffice } from "./staff/gate";
import { signInRouter } from "./staff/sign-in-routes";
import { SESSION_COOKIE } from "./staff/staff-realm";
import { staffRouter } from "./staff/staff-routes";
import type { Storage } from "./storage/database";
import type { EventBuffer } from "./tracking/event-buffer";
import { type EventLimits, eventLimitCheck } from "./tracking/event-limits";
import { eventsRouter } from "./tracking/event-routes";

export interface AppDependencies {
  storage: Storage;
  /**
   * The deployment's catalogue by its feed config names (`feedConfigNamesOf(COUNTRY)`: the
   * lenders in storage, server/lenders/); SPEC §1's other countries' configs answer empty.
   */
  catalogues: Catalogues;
  log: Logger;
  /** The site build's client files, linked from every page. */
  assets: AssetManifest;
  /** Public origin, contact e-mail and app, for links and structured data. */
  site: SiteSettings;
  /** Replaces the site's renderer; tests use it to make a render fail. */
  renderPage?: typeof renderPage;
  /** The build output folder (dist/); static files are served from it when given. */
  distDir?: string;
  /** SPEC §7's custom lead feed endpoint (FEED_UPSTREAM_URL); local matching without it. */
  feedUpstreamUrl?: string | undefined;
  /** Where POST /api/event puts events for batched writes; start.ts closes it at shutdown. */
  events: EventBuffer;
  /** SMS and e-mail (codes, confirmations), each in its recipient's language. */
  messenger: Messenger;
  /** The local outbox (DATA_DIR/outbox): an erasure deletes its messages to the contact. */
  outboxDir?: string | undefined;
  /** The time, for one-time codes' expiries, waits and limits; tests move it. */
  now?: () => Date;
  /** Postback secrets by lender slug (LENDER_POSTBACK_SECRETS). */
  lenderSecrets?: ReadonlyMap<string, string>;
  /** Express's trust proxy setting (TRUST_PROXY). */
  trustProxy?: number | string | undefined;
  /** SPEC §3's country config (COUNTRY, LEAD_ID, PROVIDER_ID); Sri Lanka's by default. */
  country?: CountryConfig;
  /** What acts on a lead's new status after a lender's postback (push, partners). */
  statusListeners?: readonly LeadStatusListener[];
  /** examples/, whose demo pages the partner page links to (/partner/demo/…). */
  examplesDir?: string | undefined;
  /** Requests per window per partner on the partner API (PARTNER_RATE_LIMIT a minute). */
  partnerRateLimit?: RateLimitRule;
  /**
   * Where the limits of people's writes (applications, comments, ratings,
   * sign-in) count: this process's memory unless given. The partner API's
   * limits always count in storage, shared by every instance.
   */
  rateLimitStore?: RateLimitStore;
  /** Events a minute per visitor and per address (EVENT_LIMITS unless given; 0342). */
  eventLimits?: EventLimits;
  /**
   * The limits on sending one-time codes (per phone, IP address and
   * partner), counted in storage; CODE_SEND_LIMITS unless given.
   */
  codeSendLimits?: Partial<CodeSendLimits>;
  /**
   * Asks lenders' decision APIs after each verification (issue 15); start.ts
   * makes it from the configuration. Without it: a network with the default
   * deadline that calls https URLs on public addresses only.
   */
  decisionNetwork?: DecisionNetwork;
  /**
   * Where partners' postbacks may go, for the partner portal's template and
   * test postback: the rules start.ts gives the deliveries (createPartnerPostbacks);
   * https to public addresses unless given.
   */
  postbackRules?: OutboundRules;
  /** How long the portal's test postback waits (10 seconds unless given; tests shorten it). */
  postbackTestTimeoutMs?: number;
  /**
   * How often an offers stream (and the partner API's GET leads/{id}/offers?wait=)
   * reads storage, and how often a stream sends a heartbeat (tests shorten them).
   */
  offersStream?: { pollMs?: number; heartbeatMs?: number };
  /**
   * The anonymous page cache (issue 19, decision 0260): its byte budget
   * (PAGE_CACHE_BYTES) and, for tests, how often it reads storage's page
   * version and how long a page lives. Off unless given (or 0 bytes).
   */
  pageCache?: { maxBytes: number; checkMs?: number; maxAgeMs?: number } | undefined;
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const ONE_YEAR_MS = 365 * ONE_DAY_MS;

/** The dependencies createApp gives a default. */
type Defaulted =
  | "now"
  | "lenderSecrets"
  | "statusListeners"
  | "country"
  | "partnerRateLimit"
  | "rateLimitStore";

/** The dependencies with their defaults, and what the app's sections share, built once. */
type AppContext = Omit<AppDependencies, Defaulted> &
  Required<Pick<AppDependencies, Defaulted>> & {
    /** The deployment's lenders: its country's config (SPEC §7; 0323), Sri Lanka's by default. */
    offers: OfferSource;
    leadOffers: LeadOffersSource;
    decisions: DecisionNetwork;
    sendLimits: CodeSendLimits;
    loaders: PageLoaders;
    /** The anonymous page cache and the cookies that make a request personal; off unless given. */
    caching: PageCaching | undefined;
  };

/**
 * Builds the Express app. It does not listen: server/main.ts does, and the
 * HTTP tests drive this app directly. Order matters: APIs and files first,
 * then the trailing-slash redirect, then the page renderer, which answers
 * every remaining GET (with 404 for an unknown page). Each section below
 * adds its part in that order (decision 0381).
 */
export function createApp(dependencies: AppDependencies): Express {
  const context = appContext(dependencies);
  const app = express();
  app.disable("x-powered-by");
  if (context.trustProxy !== undefined) app.set("trust proxy", context.trustProxy);
  for (const section of [
    frontSection,
    apiSection,
    filesSection,
    backOfficeSection,
    featuresSection,
    pagesSection,
  ]) {
    section(app, context);
  }
  return app;
}

/** A part of the app: adds its middleware and routers to the app, in order. */
type AppSection = (app: Express, context: AppContext) => void;

function appContext(dependencies: AppDependencies): AppContext {
  const {
    storage,
    catalogues,
    log,
    site,
    feedUpstreamUrl,
    now = () => new Date(),
    country = DEFAULT_COUNTRY_CONFIG,
    decisionNetwork,
    pageCache,
  } = dependencies;
  const catalogue = catalogues.get(feedConfigName(country.country, "/")) ?? fixedCatalogue([]);
  const offers = () => catalogue.offers();
  const leadOffers = createLeadOffers({
    storage,
    offers,
    log,
    country: country.country,
    upstreamUrl: feedUpstreamUrl,
    now: () => now().getTime(),
  });
  const decisions =
    decisionNetwork ??
    createDecisionNetwork({
      storage,
      log,
      deadlineMs: 3_000,
      rules: { allowHttp: false },
      sandboxLoopback: false,
      callbackUrl: () => decisionCallbackUrl(site.origin),
      consentText: consentToShareText,
      approvalOdds: (profile, lenderIds) => approvalOddsFor(storage, profile, lenderIds),
      now,
    });
  const caching =
    pageCache && pageCache.maxBytes > 0
      ? {
          cache: createPageCache({
            storage,
            log,
            ...pageCache,
            // Another instance changed lenders: read them now, not at the next refresh.
            onChange: () => catalogue.refresh(),
          }),
          personalCookies: [
            LEAD_COOKIE,
            PENDING_LEAD_COOKIE,
            APPLICATION_RESET_COOKIE,
            SESSION_COOKIE,
            PORTAL_SESSION_COOKIE,
          ],
        }
      : undefined;
  const loaders = pageLoaders({
    storage,
    leadOffers: async (leadId) => {
      const lead = await leadOffers.read(leadId);
      return lead ? offersPageLead(lead) : undefined;
    },
    now,
  });
  return {
    ...dependencies,
    now,
    country,
    lenderSecrets: dependencies.lenderSecrets ?? new Map(),
    statusListeners: dependencies.statusListeners ?? [],
    partnerRateLimit: dependencies.partnerRateLimit ?? { limit: 120, windowMs: 60_000 },
    rateLimitStore: dependencies.rateLimitStore ?? memoryRateLimitStore(),
    offers,
    leadOffers,
    decisions,
    sendLimits: { ...CODE_SEND_LIMITS, ...dependencies.codeSendLimits },
    loaders,
    caching,
  };
}

/** What every request passes first: compression, headers, the log, the cached pages, health. */
const frontSection: AppSection = (app, { site, log, caching, assets, offers, storage }) => {
  // Pages and scripts shrink to a quarter or less: it matters on a phone's data plan. An
  // event's answer is a few dozen bytes, never compressed: it skips the wrapping (0265).
  // Brotli at the middleware's quality (4) with a 256 KB window, not 4 MB: no answer, the
  // largest script included, compresses better with more, and each answer's context is
  // smaller (decision 0290).
  const compress = compression({
    brotli: {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });
  // A site public over https (PUBLIC_ORIGIN) sends HSTS, and its cookies are always Secure.
  const httpsOrigin = site.origin.startsWith("https:");
  app.locals.httpsOrigin = httpsOrigin;
  // A cached page answers before the routers that never answer a page path (decision 0262),
  // and before the compression middleware: it is stored encoded (decision 0485). The log,
  // the cache and the security headers are one layer, and a hit is sent with its headers
  // made once, the security headers among them (decision 0489).
  app.use(
    inOrder(
      requestLog(log),
      ...(caching
        ? [
            cachedPagesHandler(
              { assets, site, offers },
              caching,
              log,
              securityHeaderList(httpsOrigin),
            ),
          ]
        : []),
      securityHeaders(httpsOrigin),
    ),
  );
  app.use((req, res, next) => {
    if (req.method === "POST" && req.path === "/api/event") next();
    else compress(req, res, next);
  });
  // No path or query with %00 reaches a route, a page or storage (decision 0340).
  app.use(refuseNulInAddress);
  app.use(healthRouter(storage));
};

/** The JSON APIs under /api, each feature's router in turn, then the API's 404 and errors. */
const apiSection: AppSection = (app, context) => {
  const { storage, site, log, now, country, offers, leadOffers, decisions, sendLimits } = context;
  const { messenger, rateLimitStore: limits, offersStream } = context;
  const api = express.Router();
  // A partner's publishable key, when one is sent, must be used from its origins (issue 8).
  api.options(["/event", "/feed/*path"], publicPreflight);
  api.use(["/event", "/feed"], checkPublishableKey(storage));
  // Per instance, in memory, whatever the engine: a stored count per event would undo the
  // group commit (0342).
  const eventLimitsCheck = eventLimitCheck({
    limits: context.eventLimits,
    addresses: memoryRateLimitStore(),
    visitors: memoryRateLimitStore(),
  });
  api.use(eventsRouter(context.events, country.providerId, eventLimitsCheck));
  api.use(
    applicationsRouter({
      storage,
      offers,
      country,
      limits,
      messenger,
      site,
      codeSendLimits: sendLimits,
      partnerOf: activePartnerId,
      clock: now,
    }),
  );
  api.use(
    verificationRouter({
      storage,
      messenger,
      limits,
      codeSendLimits: sendLimits,
      site,
      log,
      clock: now,
      decisions,
    }),
  );
  api.use(offersLinkRouter({ storage, messenger, site, clock: now }));
  api.use(applicationOffersRouter({ leadOffers, network: decisions, now, ...offersStream }));
  api.use(
    lenderDecisionsRouter({
      storage,
      network: decisions,
      site,
      deadlineMs: decisions.deadlineMs,
      now,
    }),
  );
  api.use(postbackRouter(storage, context.lenderSecrets, context.statusListeners, log, now));
  api.use(communityRouter(storage, limits));
  api.use(pushRouter(storage));
  api.use(
    feedRouter({ catalogues: context.catalogues, country: country.country, leadOffers, log }),
  );
  api.use(approvalOddsRouter(storage));
  api.use(
    unsubscribeRouter({
      storage,
      messenger,
      outboxDir: context.outboxDir,
      // Codes cost money to send: their limits hold across every instance.
      limits: storageRateLimitStore(storage),
      erasureSteps,
      now,
    }),
  );
  // The partner API's document and reference are public; the rest needs a secret key.
  api.use("/partner/v1", partnerApiDocsRouter(site));
  api.use(
    "/partner/v1",
    partnerApiRouter({
      storage,
      offers,
      site,
      rateLimit: { ...context.partnerRateLimit, store: storageRateLimitStore(storage) },
      leadForm: country.leadId,
      messenger,
      codeSendLimits: sendLimits,
      log,
      now,
      decisions,
      decisionsPollMs: offersStream?.pollMs,
      leadOffers: leadOffers.read,
    }),
  );
  api.use(apiNotFound);
  api.use(apiErrorHandler(log));
  app.use("/api", api);
  app.use(clientApiRouter({ site, offers }, context.loaders));
};

/** The build's files (the widget, the site's assets, public files), the sitemap, robots.txt. */
const filesSection: AppSection = (app, { distDir, site, offers, assets }) => {
  if (distDir) {
    // The widget runs on partners' pages: any origin may load it.
    const widgetHeaders = (res: express.Response, file: string) => {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      // A pinned copy (name with version and hash) and a catalog (0303) never change; the latest does.
      const pinned = /(loan-widget-[\d.]+|messages-\w+)-[0-9a-f]{8}\.js(on)?$/.test(file);
      res.setHeader(
        "Cache-Control",
        pinned ? `public, max-age=${ONE_YEAR_MS / 1000}, immutable` : "public, max-age=300",
      );
    };
    const widgetDir = path.join(distDir, "widget");
    // Brotli 11 and gzip 9, made once per file, rather than the middleware's per request (0302).
    app.use("/widget/v1", precompressedScripts(widgetDir, widgetHeaders));
    app.use("/widget/v1", express.static(widgetDir, { index: false, setHeaders: widgetHeaders }));
    // Client files carry a content hash in their names, so they never change.
    app.use(
      "/assets",
      express.static(path.join(distDir, "site", "assets"), {
        index: false,
        immutable: true,
        maxAge: ONE_YEAR_MS,
      }),
    );
    // The service worker, with its build's id and files (0480): revalidated at every check.
    app.use(serviceWorkerRouter(distDir, assets));
    // Unhashed files at fixed addresses (favicon): cached for a day only.
    app.use(
      express.static(path.join(distDir, "site", "public"), { index: false, maxAge: ONE_DAY_MS }),
    );
  }

  app.get("/sitemap.xml", (_req, res) => {
    res.type("application/xml").setHeader("Cache-Control", "public, max-age=3600");
    res.send(sitemapXml(site, offers()));
  });
  app.get("/robots.txt", (_req, res) => {
    res.type("text/plain").setHeader("Cache-Control", "public, max-age=3600");
    res.send(robotsTxt(site));
  });
  app.use(buildRouter(assets));
};

/** The back office (issue 16): staff accounts, sessions and roles (server/staff/), its pages. */
const backOfficeSection: AppSection = (app, context) => {
  const { storage, now, site, messenger, distDir, decisions } = context;
  const backOffice = createBackOffice({ storage, now, site });
  app.use("/admin", backOffice.headers);
  for (const router of [
    signInRouter(backOffice, context.rateLimitStore),
    backOfficeRouter(backOffice, () => pendingCount(storage)),
    funnelRouter(backOffice, distDir),
    oddsCalibrationRouter(backOffice),
    moderationRouter(backOffice, () => erasureRequests(storage)),
    staffRouter(backOffice, { messenger, site }),
    partnersBackOfficeRouter(backOffice, { messenger, site }),
    lenderAdminRouter(backOffice, {
      decisions,
      callbackUrl: () => decisionCallbackUrl(site.origin),
      distDir,
    }),
    cardAdminRouter(backOffice),
    invoicesRouter(backOffice, site),
  ]) {
    app.use(router);
  }
  app.use("/admin", backOffice.notFound);
  // What server/staff/access.http.test.ts walks as every role.
  app.locals.backOfficeRoutes = backOffice.routes;
};

/** The features' pages and files outside the API and the back office, in the order they answer. */
const featuresSection: AppSection = (app, context) => {
  const { storage, offers, assets, now, messenger, site, distDir, log } = context;
  for (const router of [
    reviewImagesRouter(storage),
    lenderLogosRouter(storage),
    clickoutRouter(storage, offers, assets),
    landingRouter(storage, now),
    partnerPortalRouter({
      storage,
      messenger,
      site,
      limits: context.rateLimitStore,
      distDir,
      log,
      now,
      postbackRules: context.postbackRules,
      postbackTestTimeoutMs: context.postbackTestTimeoutMs,
    }),
    lenderPortalRouter({
      storage,
      site,
      limits: context.rateLimitStore,
      decisions: context.decisions,
      callbackUrl: () => decisionCallbackUrl(site.origin),
      now,
      lenderDays,
    }),
    partnerPagesRouter({ site, examplesDir: context.examplesDir, distDir }),
    embedRouter(storage),
  ]) {
    app.use(router);
  }
};

/** The pages: the redirects, the renderer (which answers every remaining GET), 404, errors. */
const pagesSection: AppSection = (app, context) => {
  const { assets, site, offers, loaders, log, caching } = context;
  app.use(trailingSlashRedirect);
  app.use(localeRedirect);
  const pages = pagesHandler({ assets, site, offers }, loaders, log, context.renderPage, caching);
  app.use(pages);
  app.use((req, res) => sendError(res, 404, "not_found", `Nothing at ${req.method} ${req.path}.`));
  // A route parameter with a bad percent-encoding, on any route: the 404 page, not a 500.
  app.use(undecodablePath(pages));
  app.use(apiErrorHandler(log));
};
