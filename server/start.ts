/**
 * Opens and migrates storage, listens, and shuts down gracefully on SIGTERM
 * or SIGINT: in-flight requests finish, storage closes, exit code 0. A
 * second signal, or a shutdown that outlasts SHUTDOWN_TIMEOUT_MS, exits at
 * once with code 1. Loaded by main.ts once NODE_ENV is settled.
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { feedConfigNamesOf } from "../core/domain/feed-config";
import { consentToShareText } from "../site/server";
import { createApp } from "./app";
import { sweepErasureRequests } from "./borrowers/erasure-requests";
import { pushNotifier, vapidKeys } from "./borrowers/push";
import { sweepUnverifiedLeads } from "./borrowers/verification";
import {
  type Config,
  contactDetailsOf,
  countryConfigOf,
  messagingSettingsOf,
  outboundUrlsOf,
  partnerProgrammeOf,
  storageOptionsOf,
} from "./config";
import { foldOldEvents } from "./funnel/event-retention";
import { countRecentClosedDays } from "./funnel/funnel";
import { connectionDrain } from "./http/connection-drain";
import { createHttpServer } from "./http/http-server";
import { refusedUrls } from "./http/outbound";
import { memoryRateLimitStore, storageRateLimitStore } from "./http/rate-limit";
import { pruneBreakerEvents } from "./lenders/breaker-events";
import { openOfferCatalogue } from "./lenders/catalogue";
import { createDecisionNetwork, decisionCallbackUrl } from "./lenders/decision-network";
import { seedSampleLenders } from "./lenders/lenders";
import { countOddsCalibrationIfDue } from "./lenders/odds-calibration";
import { createLogger } from "./log";
import { createMessenger, transportsFor } from "./messaging/messenger";
import { OUTBOX_MAX_AGE_MS, outboxDir, pruneOutbox } from "./messaging/outbox";
import { approvalOddsFor, countApprovalOddsIfDue } from "./offers/approval-odds";
import { loadAssetManifest } from "./pages/assets";
import { createOffersReadyPostbacks } from "./partners/offers-ready";
import { createPartnerPostbacks } from "./partners/postbacks";
import { openStorage, SQLITE_FILE_NAME } from "./storage/database";
import { createEventBuffer } from "./tracking/event-buffer";
import { openSqliteEventWriter } from "./tracking/sqlite-event-writer";

/** After the grace period, how long storage may still take to close. */
const STORAGE_CLOSE_GRACE_MS = 2_000;

export async function start(config: Config, distDir: string): Promise<void> {
  const log = createLogger(config.LOG_LEVEL);
  // In production the URLs the server calls must resolve to public addresses only (0344).
  if (config.NODE_ENV === "production") {
    const problems = await refusedUrls(outboundUrlsOf(config), { allowHttp: false });
    if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const storage = openStorage({ ...storageOptionsOf(config), log });
  await storage.migrate();
  // A new database starts with the sample lenders; every instance reads the lenders from storage.
  await seedSampleLenders(storage);
  // A production server never lists a sandbox lender, whatever its database holds (issue 30).
  const catalogue = await openOfferCatalogue(storage, log, {
    withSandbox: config.NODE_ENV !== "production",
  });
  const vapid = await vapidKeys(storage.db);
  const site = {
    // Without PUBLIC_ORIGIN (development), links point at this machine; the
    // port is set again once known, for PORT=0.
    origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
    contactEmail: config.CONTACT_EMAIL,
    contact: contactDetailsOf(config),
    chatUrl: config.PARTNER_CHAT_URL,
    partnerProgramme: partnerProgrammeOf(config),
    mobileApp:
      config.MOBILE_APP_NAME && config.MOBILE_APP_URL
        ? { name: config.MOBILE_APP_NAME, url: config.MOBILE_APP_URL }
        : undefined,
    runtime: {
      ...countryConfigOf(config),
      logEvents: config.NODE_ENV === "development",
      pushPublicKey: vapid.publicKey,
    },
  };
  // On SQLite, event batches commit on a thread of their own: an fsync does not stop requests (0265).
  const eventWriter =
    storage.engine === "sqlite"
      ? openSqliteEventWriter(path.join(config.DATA_DIR, SQLITE_FILE_NAME))
      : undefined;
  const events = createEventBuffer({
    storage,
    log,
    ...(eventWriter ? { write: (rows) => eventWriter.write(rows) } : {}),
  });
  const messenger = createMessenger(transportsFor(messagingSettingsOf(config)), log);
  const outbox = outboxDir(config.DATA_DIR);
  // Outbox messages live an hour, and deletion requests forget their contacts once their
  // codes expire (then the files are purged): checked at start and every ten minutes.
  const pruneOutboxNow = () => {
    pruneOutbox(outbox, new Date(), OUTBOX_MAX_AGE_MS);
    sweepErasureRequests(storage, new Date())
      .then((forgotten) => (forgotten > 0 ? storage.purge() : undefined))
      .catch((error: unknown) => log.error("sweeping deletion requests failed", { error }));
  };
  pruneOutboxNow();
  const outboxPruning = setInterval(pruneOutboxNow, 10 * 60 * 1000);
  outboxPruning.unref();
  // Unverified leads live a day (their personal data and all), expired landing links
  // go too, lenders' breaker changes after 90 days (0420): at start and every ten minutes.
  const sweepLeads = () =>
    Promise.all([
      sweepUnverifiedLeads(storage).catch((error: unknown) =>
        log.error("sweeping unverified leads failed", { error }),
      ),
      pruneBreakerEvents(storage, new Date()).catch((error: unknown) =>
        log.error("pruning lenders' breaker changes failed", { error }),
      ),
    ]);
  await sweepLeads();
  const leadSweeping = setInterval(sweepLeads, 10 * 60 * 1000);
  leadSweeping.unref();
  // The funnel's closed Colombo days are counted here, not on a staff member's read (decision
  // 0163): in the background from start (the first time, the last year's), then every ten minutes.
  let funnelCountingNow: Promise<void> = Promise.resolve();
  const countFunnelDays = () => {
    funnelCountingNow = countRecentClosedDays(storage, new Date()).catch((error: unknown) =>
      log.error("counting the funnel's closed days failed", { error }),
    );
  };
  countFunnelDays();
  const funnelCounting = setInterval(countFunnelDays, 10 * 60 * 1000);
  funnelCounting.unref();
  // Events older than EVENT_RETENTION_DAYS are folded into the funnel's daily counts, then
  // deleted (decision 0343): after the funnel's counting, at start and every hour.
  let eventRetentionNow: Promise<void> = Promise.resolve();
  const foldEvents = () => {
    eventRetentionNow = funnelCountingNow
      .then(() => foldOldEvents(storage, new Date(), config.EVENT_RETENTION_DAYS))
      .then((folded) => {
        if (folded.events + folded.visits + folded.calculatorUses > 0) {
          log.info("old events folded into the funnel's counts and deleted", { ...folded });
        }
      })
      .catch((error: unknown) => log.error("folding old events failed", { error }));
  };
  foldEvents();
  const eventRetention = setInterval(foldEvents, 60 * 60 * 1000);
  eventRetention.unref();
  // Approval odds are counted once a Colombo day from the stored decisions (decision 0446),
  // never per request: checked at start and every ten minutes; the sandbox lenders' (a seeded
  // demo's) only outside production.
  let oddsCountingNow: Promise<unknown> = Promise.resolve();
  const countOdds = () => {
    const withSandbox = config.NODE_ENV !== "production";
    oddsCountingNow = countApprovalOddsIfDue(storage, new Date(), { withSandbox })
      // The back office's calibration of the odds (decision 0459), counted the same way.
      .then(() => countOddsCalibrationIfDue(storage, new Date(), { withSandbox }))
      .catch((error: unknown) => log.error("counting approval odds failed", { error }));
  };
  countOdds();
  const oddsCounting = setInterval(countOdds, 10 * 60 * 1000);
  oddsCounting.unref();
  // Partners' postback URLs: https to public addresses; http too outside production. The
  // deliveries and the partner portal (its template and test postback) go by the same rules.
  const postbackRules = { allowHttp: config.NODE_ENV !== "production" };
  const partnerPostbacks = createPartnerPostbacks({
    storage,
    log,
    // Deliveries only (saving still refuses loopback): a receiver on this machine (0283).
    rules: { ...postbackRules, allowLoopback: config.PARTNER_POSTBACKS_TO_LOOPBACK === "allow" },
  });
  const outsideProduction = config.NODE_ENV !== "production";
  const decisionNetwork = createDecisionNetwork({
    storage,
    log,
    deadlineMs: config.LENDER_DEADLINE_MS,
    concurrency: config.LENDER_CONCURRENCY,
    // Lenders' decision URLs: https to public addresses; http too outside production.
    rules: { allowHttp: outsideProduction },
    // `npm run sandbox`'s lenders (lenders.sandbox = 1) listen on loopback: never in production.
    sandboxLoopback: outsideProduction,
    // Lenders' test URLs (the lender portal's test mode) on loopback: with the flag, never in production.
    testLoopback: outsideProduction && config.LENDER_TEST_URL_ALLOW_LOOPBACK === "allow",
    callbackUrl: () => decisionCallbackUrl(site.origin),
    consentText: consentToShareText,
    // The odds each applicant's bucket had, kept on its decisions for the calibration.
    approvalOdds: (profile, lenderIds) => approvalOddsFor(storage, profile, lenderIds),
  });
  // A partner's "offers ready" postback once a lead's decisions are complete (0357): on every
  // decision recorded here at once; another instance's, a deadline, a crash by its sweep.
  const offersReady = createOffersReadyPostbacks({
    storage,
    log,
    deadlineMs: config.LENDER_DEADLINE_MS,
    rules: { ...postbackRules, allowLoopback: config.PARTNER_POSTBACKS_TO_LOOPBACK === "allow" },
  });
  decisionNetwork.subscribeAll((leadId) => {
    offersReady
      .check(leadId, true)
      .catch((error: unknown) => log.error("offers-ready postback check failed", { error }));
  });
  const app = createApp({
    storage,
    events,
    decisionNetwork,
    messenger,
    outboxDir: outbox,
    // The lenders in storage are this deployment's: its country's config names (0323).
    catalogues: new Map(feedConfigNamesOf(config.COUNTRY).map((name) => [name, catalogue])),
    log,
    assets: loadAssetManifest(distDir),
    site,
    distDir,
    // The partner page's demo pages are the repository's examples/, beside dist/.
    examplesDir: path.resolve(distDir, "..", "examples"),
    feedUpstreamUrl: config.FEED_UPSTREAM_URL,
    lenderSecrets: config.LENDER_POSTBACK_SECRETS,
    trustProxy: config.TRUST_PROXY,
    country: countryConfigOf(config),
    partnerRateLimit: { limit: config.PARTNER_RATE_LIMIT, windowMs: 60_000 },
    // People's writes (applications, codes, comments, sign-in, the portal): on PostgreSQL
    // every instance shares one count, or N instances would allow N times the limit (0280).
    rateLimitStore:
      storage.engine === "postgres" ? storageRateLimitStore(storage) : memoryRateLimitStore(),
    pageCache: { maxBytes: config.PAGE_CACHE_BYTES },
    postbackRules,
    statusListeners: [
      partnerPostbacks.listener,
      pushNotifier({ storage, keys: vapid, subject: `mailto:${config.CONTACT_EMAIL}`, log }),
    ],
  });

  const onListening = (error?: Error) => {
    if (error) {
      log.error("could not listen", { port: config.PORT, error });
      void storage.close().finally(() => process.exit(1));
      return;
    }
    const { port } = server.address() as AddressInfo;
    if (!config.PUBLIC_ORIGIN) site.origin = `http://localhost:${port}`;
    log.info("listening", { port, storage: storage.engine, node_env: config.NODE_ENV });
    partnerPostbacks.start();
    offersReady.start();
    process.stdout.write(`Loan comparison service running at http://localhost:${port}/\n`);
    const local = [
      ...(messenger.sms.real ? [] : ["SMS"]),
      ...(messenger.mail.real ? [] : ["e-mail"]),
    ];
    if (local.length > 0) {
      log.info("messages go to the local outbox", { channels: local.join(", ") });
      process.stdout.write(
        `No ${local.join(" or ")} transport is configured: those messages go to the local outbox (${outbox}); npm run outbox prints them.\n`,
      );
    }
  };
  // Slow clients are cut off; answers, the offers stream's included, are not (0346).
  const server = createHttpServer(app, {
    headersMs: config.HEADERS_TIMEOUT_MS,
    requestMs: config.REQUEST_TIMEOUT_MS,
    keepAliveMs: config.KEEP_ALIVE_TIMEOUT_MS,
  });
  server.once("error", onListening);
  // Without HOST, Node listens on every interface, IPv6 and IPv4 alike.
  const listening = () => {
    server.off("error", onListening);
    onListening();
  };
  if (config.HOST === undefined) server.listen(config.PORT, listening);
  else server.listen(config.PORT, config.HOST, listening);

  let stopping = false;
  // Requests already received on keep-alive connections are answered, the last closing its
  // connection; idle ones close at once (server/http/connection-drain.ts).
  const drain = connectionDrain(server);

  const shutdown = (signal: string) => {
    if (stopping) {
      log.warn("second signal during shutdown: exiting now", { signal });
      process.exit(1);
    }
    stopping = true;
    log.info("shutting down", { signal });
    // Requests still running after the grace period are cut off; storage that
    // will not close either (a stuck query) gets a little longer, then we leave.
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      setTimeout(() => {
        log.error("shutdown timed out", { timeout_ms: config.SHUTDOWN_TIMEOUT_MS });
        process.exit(1);
      }, STORAGE_CLOSE_GRACE_MS).unref();
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    server.close(async (error) => {
      if (error) log.error("closing the server failed", { error });
      try {
        // Every event answered 2xx is committed before storage closes; a partner
        // postback being sent finishes (what is left is in storage, due); lenders
        // being asked answer or time out by their deadline, and that is recorded.
        await decisionNetwork.close();
        await partnerPostbacks.close();
        await offersReady.close();
        await events.close();
        await eventWriter?.close();
        catalogue.close();
        clearInterval(outboxPruning);
        clearInterval(leadSweeping);
        clearInterval(funnelCounting);
        clearInterval(eventRetention);
        clearInterval(oddsCounting);
        await funnelCountingNow;
        await oddsCountingNow;
        await eventRetentionNow;
        await messenger.close();
        await storage.close();
      } catch (closeError) {
        log.error("closing storage failed", { error: closeError });
        process.exit(1);
      }
      log.info("stopped", {});
      process.exit(error ? 1 : 0);
    });
    drain.start();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
