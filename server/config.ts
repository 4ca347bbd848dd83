import { z } from "zod";
import {
  COUNTRY_CODES,
  COUNTRY_ID_PATTERN,
  type CountryConfig,
  DEFAULT_COUNTRY_CONFIG,
} from "../core/domain/country";
import { LENDER_CONCURRENCY_RANGE, LENDER_DEADLINE_RANGE_MS } from "../core/domain/lender-limits";
import { wholeWithin } from "../core/helpers/ranges";
import type { ContactDetails, PartnerProgramme } from "../core/views/site-contract";
import { urlProblemAsWritten } from "./http/outbound";
import type { MessagingSettings } from "./messaging/messenger";
import type { StorageOptions } from "./storage/database";
import { parseInstallationKey } from "./storage/personal-crypto";

/** An unset variable and an empty one mean the same: use the default. */
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

/** An installation key: 32 bytes as base64 (`openssl rand -base64 32`) or 64 hex digits. */
const installationKey = z.string().transform((text, context) => {
  const key = parseInstallationKey(text);
  if (!key) {
    context.addIssue({
      code: "custom",
      message: "must be 32 bytes as base64 (openssl rand -base64 32) or as 64 hex digits",
    });
    return z.NEVER;
  }
  return key;
});

/** A phone number in international form, shown as given and dialled as + and its digits. */
const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+[1-9][0-9 ()-]{6,22}$/, "must be an international phone number like +94 11 234 5678")
  .refine((text) => {
    const digits = text.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 15;
  }, "must be an international phone number like +94 11 234 5678 (8 to 15 digits)");

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"]).default("production")),
    PORT: optional(
      z.coerce
        .number({ error: "must be a port number" })
        .int("must be a whole number")
        .min(0, "must be 0 to 65535")
        .max(65535, "must be 0 to 65535")
        .default(3000),
    ),
    HOST: optional(z.string().optional()),
    DATA_DIR: optional(z.string().default("./data")),
    /**
     * The installation key (decision 0335): it wraps every lead's and
     * contact's data key, and is never stored in the database. Without it,
     * DATA_DIR/data.key (made on the first start, mode 0600). Instances on
     * one PostgreSQL share one key.
     */
    DATA_KEY: optional(installationKey.optional()),
    /** During a rotation only: the key DATA_KEY replaces (docs/deploy.md, decision 0337). */
    DATA_KEY_PREVIOUS: optional(installationKey.optional()),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    /** The public address of the site, for canonical links, the sitemap and structured data. */
    PUBLIC_ORIGIN: optional(
      z
        .url({
          protocol: /^https?$/,
          error: "must be an http(s) origin like https://nayacompare.lk",
        })
        .transform((url) => new URL(url).origin)
        .optional(),
    ),
    /** Shown in the structured data, the documents and the partner page. */
    CONTACT_EMAIL: optional(z.email("must be an e-mail address").default("support@nayacompare.lk")),
    /**
     * Who we are and how a borrower reaches a person (issue 17, decision
     * 0165), shown by the trust notes. No defaults: a line whose variable is
     * unset is not shown, never an invented name, number or address.
     */
    COMPANY_NAME: optional(
      z.string().trim().min(2).max(120, "must be at most 120 characters").optional(),
    ),
    COMPANY_REGISTRATION: optional(
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9 ./()-]{1,39}$/,
          "must be a registration number like PV 00012345",
        )
        .optional(),
    ),
    COMPANY_ADDRESS: optional(
      z
        .string()
        .trim()
        .min(5, "must be a postal address")
        .max(200, "must be at most 200 characters")
        .regex(/^[^<>]*$/, "must be a postal address")
        .optional(),
    ),
    /** A phone number people may call, in international form: +94 11 234 5678. */
    CONTACT_PHONE: optional(phoneNumber.optional()),
    /** The WhatsApp number people may write to, in international form; a wa.me link. */
    CONTACT_WHATSAPP: optional(phoneNumber.optional()),
    /**
     * The partners' chat link (SPEC §1), an https address; without it, the
     * partner page offers e-mail only. Anything else stops the start (0322).
     */
    PARTNER_CHAT_URL: optional(
      z
        .url({
          protocol: /^https$/,
          error: "must be an https address like https://chat.example.com/partners",
        })
        .max(500, "must be at most 500 characters")
        .optional(),
    ),
    /**
     * The partner programme's default terms (issue 35, decision 0428): whole
     * rupees per verified lead and per issued loan, published on /partner/
     * and the sign-up page and prefilled when a sign-up is approved.
     */
    PARTNER_LEAD_RUPEES: optional(z.coerce.number().int().min(1).max(1_000_000).optional()),
    PARTNER_LOAN_RUPEES: optional(z.coerce.number().int().min(1).max(1_000_000).optional()),
    /**
     * The local e-wallets partners may be paid to, comma-separated names
     * ("eZ Cash,mCash"); a bank transfer is always offered (decision 0427).
     */
    PARTNER_EWALLETS: optional(
      z
        .string()
        .transform((text) =>
          [...new Set(text.split(",").map((name) => name.trim()))].filter(Boolean),
        )
        .pipe(
          z
            .array(
              z
                .string()
                .max(40, "each name at most 40 characters")
                .regex(
                  /^[\p{L}\p{N} .'&()-]+$/u,
                  "names of letters, digits, spaces and . ' & ( ) -",
                ),
            )
            .max(8, "at most 8 e-wallets"),
        )
        .optional(),
    ),
    /** The mobile app, when there is one (SPEC §3: empty until then). */
    MOBILE_APP_NAME: optional(z.string().min(1).max(100).optional()),
    MOBILE_APP_URL: optional(z.url({ protocol: /^https$/ }).optional()),
    /** SPEC §7's custom lead feed endpoint; without it, leads are matched locally. */
    FEED_UPSTREAM_URL: optional(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Postback secrets for lenders without one in storage, as "lender=secret"
     * pairs by lender id (e.g. kandy-lane), separated by commas. A secret in
     * storage comes first; a lender with neither cannot post back.
     */
    LENDER_POSTBACK_SECRETS: optional(
      z
        .string()
        .regex(
          /^[a-z0-9-]+=[^,=\s]{16,}(,[a-z0-9-]+=[^,=\s]{16,})*$/,
          "must be lender=secret pairs separated by commas, each secret at least 16 characters",
        )
        .transform(
          (text) => new Map(text.split(",").map((pair) => pair.split("=", 2) as [string, string])),
        )
        .default(new Map()),
    ),
    /**
     * "allow": partners' postbacks may be delivered to loopback (127.0.0.0/8,
     * ::1), outside production only, for a receiver on this machine (a
     * partner's local test, the scale-out test: decision 0283). Never
     * private or other ranges; refused with NODE_ENV=production.
     */
    PARTNER_POSTBACKS_TO_LOOPBACK: optional(z.enum(["allow"]).optional()),
    /**
     * "allow": a lender's test decision URL (the lender portal's test mode)
     * may be on loopback (127.0.0.0/8, ::1), outside production only, for a
     * lender's server on this machine (decision 0386); refused with
     * NODE_ENV=production, where a test URL is https to a public address.
     */
    LENDER_TEST_URL_ALLOW_LOOPBACK: optional(z.enum(["allow"]).optional()),
    /**
     * How long, from an applicant's verification, we wait for lenders'
     * decisions (issue 15): each lender's requests, retries included, end
     * by then, and the offers page stops waiting.
     */
    LENDER_DEADLINE_MS: optional(
      wholeWithin(
        z.coerce.number({ error: "must be a number of milliseconds" }),
        LENDER_DEADLINE_RANGE_MS,
      ).default(LENDER_DEADLINE_RANGE_MS.default),
    ),
    /**
     * Requests in flight to one lender at once on this server (decision
     * 0351): a lender's record may set its own (`decision.concurrency`);
     * more wait for a slot until their deadline.
     */
    LENDER_CONCURRENCY: optional(
      wholeWithin(z.coerce.number({ error: "must be a number" }), LENDER_CONCURRENCY_RANGE).default(
        LENDER_CONCURRENCY_RANGE.default,
      ),
    ),
    /**
     * Express's "trust proxy" when the server runs behind a reverse proxy:
     * the number of proxies in front (1) or "loopback". Rate limits count by
     * IP, so without it everyone behind the proxy shares one limit.
     */
    TRUST_PROXY: optional(
      z
        .string()
        .regex(
          /^(\d{1,2}|loopback|linklocal|uniquelocal)$/,
          "must be a number of proxies or loopback",
        )
        .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
        .optional(),
    ),
    /** SPEC §3's country config: the country served (its experiments), lead id and provider id. */
    COUNTRY: optional(z.enum(COUNTRY_CODES).default(DEFAULT_COUNTRY_CONFIG.country)),
    LEAD_ID: optional(
      z
        .string()
        .regex(COUNTRY_ID_PATTERN, "must be a short code (letters, digits, . _ -)")
        .default(DEFAULT_COUNTRY_CONFIG.leadId),
    ),
    PROVIDER_ID: optional(
      z
        .string()
        .regex(COUNTRY_ID_PATTERN, "must be a short code (letters, digits, . _ -)")
        .default(DEFAULT_COUNTRY_CONFIG.providerId),
    ),
    /**
     * Requests a minute per partner on the partner API (issue 8), counted in
     * storage so that every server instance shares the same count.
     */
    /**
     * The anonymous page cache's byte budget (issue 19, decision 0260): pages
     * rendered for visitors without a lead or a session, kept per instance; 0 turns it off.
     */
    PAGE_CACHE_BYTES: optional(
      z.coerce
        .number({ error: "must be a number of bytes" })
        .int("must be a whole number")
        .min(0, "must be 0 (off) or more")
        .max(4_000_000_000)
        .default(16_000_000),
    ),
    /**
     * Days of tracking events kept (issue 31, decision 0343): older Colombo
     * days are folded into the funnel's daily counts, then their events,
     * visits and calculator uses are deleted.
     */
    EVENT_RETENTION_DAYS: optional(
      z.coerce
        .number({ error: "must be a number of days" })
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(3_650, "must be at most 3650")
        .default(400),
    ),
    PARTNER_RATE_LIMIT: optional(
      z.coerce
        .number({ error: "must be a number of requests a minute" })
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .max(1_000_000)
        .default(120),
    ),
    /**
     * SMS (issue 14). One transport: a JSON webhook (POST { to, text }, with
     * SMS_WEBHOOK_TOKEN as a bearer token when set), or Notify.lk, a Sri
     * Lankan gateway (docs/sms-gateway.md). Without either, messages go to
     * the local outbox in DATA_DIR (`npm run outbox`).
     */
    SMS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ }).optional()),
    SMS_WEBHOOK_TOKEN: optional(z.string().min(16, "must be at least 16 characters").optional()),
    NOTIFYLK_USER_ID: optional(
      z
        .string()
        .regex(/^\w{1,64}$/, "must be your Notify.lk user id")
        .optional(),
    ),
    NOTIFYLK_API_KEY: optional(
      z
        .string()
        .regex(/^\S{8,200}$/, "must be your Notify.lk API key")
        .optional(),
    ),
    NOTIFYLK_SENDER_ID: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9 ]{1,11}$/, "must be an approved sender id (11 characters at most)")
        .optional(),
    ),
    NOTIFYLK_API_URL: optional(
      z.url({ protocol: /^https?$/ }).default("https://app.notify.lk/api/v1"),
    ),
    /** E-mail over SMTP (smtp:// or smtps://, with user and password in the URL); else the outbox. */
    SMTP_URL: optional(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    /** The sender of our e-mails, e.g. "NayaCompare <no-reply@nayacompare.lk>"; CONTACT_EMAIL by default. */
    MAIL_FROM: optional(z.string().min(3).max(200).optional()),
    LOG_LEVEL: optional(z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
    /**
     * The HTTP server's timeouts (issue 31, decision 0346): the headers and the
     * whole of a request must arrive within these, and a kept-alive connection
     * idle this long is closed. Answers (an offers stream) are not limited.
     */
    HEADERS_TIMEOUT_MS: optional(
      z.coerce
        .number({ error: "must be a number of milliseconds" })
        .int("must be a whole number")
        .min(200, "must be at least 200")
        .max(300_000, "must be at most 300000")
        .default(20_000),
    ),
    REQUEST_TIMEOUT_MS: optional(
      z.coerce
        .number({ error: "must be a number of milliseconds" })
        .int("must be a whole number")
        .min(200, "must be at least 200")
        .max(3_600_000, "must be at most 3600000")
        .default(60_000),
    ),
    KEEP_ALIVE_TIMEOUT_MS: optional(
      z.coerce
        .number({ error: "must be a number of milliseconds" })
        .int("must be a whole number")
        .min(200, "must be at least 200")
        .max(600_000, "must be at most 600000")
        .default(5_000),
    ),
    SHUTDOWN_TIMEOUT_MS: optional(
      z.coerce.number().int("must be a whole number").min(0).max(600_000).default(10_000),
    ),
  })
  .superRefine((env, context) => {
    const notifyLk = [env.NOTIFYLK_USER_ID, env.NOTIFYLK_API_KEY, env.NOTIFYLK_SENDER_ID];
    const someNotifyLk = notifyLk.some((value) => value !== undefined);
    if (someNotifyLk && !notifyLk.every((value) => value !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["NOTIFYLK_USER_ID"],
        message:
          "Notify.lk needs NOTIFYLK_USER_ID, NOTIFYLK_API_KEY and NOTIFYLK_SENDER_ID together",
      });
    }
    if (someNotifyLk && env.SMS_WEBHOOK_URL) {
      context.addIssue({
        code: "custom",
        path: ["SMS_WEBHOOK_URL"],
        message: "choose one SMS transport: SMS_WEBHOOK_URL or Notify.lk, not both",
      });
    }
    for (const name of [
      "PARTNER_POSTBACKS_TO_LOOPBACK",
      "LENDER_TEST_URL_ALLOW_LOOPBACK",
    ] as const) {
      if (env[name] && env.NODE_ENV === "production") {
        context.addIssue({
          code: "custom",
          path: [name],
          message: "is for development and tests: never with NODE_ENV=production",
        });
      }
    }
    // In production every URL the server calls is https to a public address (decision 0344):
    // here as written; start.ts checks where its name resolves to.
    if (env.NODE_ENV === "production") {
      for (const [name, url] of outboundUrlsOf(env)) {
        const problem = urlProblemAsWritten(url);
        if (problem) context.addIssue({ code: "custom", path: [name], message: problem });
      }
    }
    if (env.REQUEST_TIMEOUT_MS < env.HEADERS_TIMEOUT_MS) {
      context.addIssue({
        code: "custom",
        path: ["REQUEST_TIMEOUT_MS"],
        message: "must be at least HEADERS_TIMEOUT_MS: the headers are part of the request",
      });
    }
    // A public site must reach applicants' phones: codes in a local outbox verify nobody.
    if (env.PUBLIC_ORIGIN?.startsWith("https:") && !env.SMS_WEBHOOK_URL && !someNotifyLk) {
      context.addIssue({
        code: "custom",
        path: ["PUBLIC_ORIGIN"],
        message:
          "is https, so SMS must reach phones: set SMS_WEBHOOK_URL, or NOTIFYLK_USER_ID, NOTIFYLK_API_KEY and NOTIFYLK_SENDER_ID",
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

/**
 * The URLs of the configuration that the server calls: the SMS webhook,
 * Notify.lk's API when it is the transport, the upstream lead feed. In
 * production each must be https to a public address (decision 0344).
 */
export function outboundUrlsOf(
  config: Pick<
    Config,
    "SMS_WEBHOOK_URL" | "FEED_UPSTREAM_URL" | "NOTIFYLK_USER_ID" | "NOTIFYLK_API_URL"
  >,
): [name: string, url: string][] {
  return [
    ["SMS_WEBHOOK_URL", config.SMS_WEBHOOK_URL],
    ["NOTIFYLK_API_URL", config.NOTIFYLK_USER_ID ? config.NOTIFYLK_API_URL : undefined],
    ["FEED_UPSTREAM_URL", config.FEED_UPSTREAM_URL],
  ].filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

/** Where storage is and the installation keys it opens with (server/storage/database.ts). */
export function storageOptionsOf(config: Config): Omit<StorageOptions, "log"> {
  return {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    dataKey: config.DATA_KEY,
    previousDataKey: config.DATA_KEY_PREVIOUS,
  };
}

/** The messaging transports the configuration names (server/messaging/messenger.ts). */
export function messagingSettingsOf(config: Config): MessagingSettings {
  return {
    dataDir: config.DATA_DIR,
    smsWebhook: config.SMS_WEBHOOK_URL
      ? { url: config.SMS_WEBHOOK_URL, token: config.SMS_WEBHOOK_TOKEN }
      : undefined,
    notifyLk:
      config.NOTIFYLK_USER_ID && config.NOTIFYLK_API_KEY && config.NOTIFYLK_SENDER_ID
        ? {
            userId: config.NOTIFYLK_USER_ID,
            apiKey: config.NOTIFYLK_API_KEY,
            senderId: config.NOTIFYLK_SENDER_ID,
            apiUrl: config.NOTIFYLK_API_URL.replace(/\/$/, ""),
          }
        : undefined,
    smtp: config.SMTP_URL
      ? { url: config.SMTP_URL, from: config.MAIL_FROM ?? config.CONTACT_EMAIL }
      : undefined,
  };
}

/** The partner programme's terms and payout choices as the operator configured them (issue 35). */
export function partnerProgrammeOf(config: Config): PartnerProgramme {
  return {
    ewallets: config.PARTNER_EWALLETS ?? [],
    ...(config.PARTNER_LEAD_RUPEES ? { leadRupees: config.PARTNER_LEAD_RUPEES } : {}),
    ...(config.PARTNER_LOAN_RUPEES ? { loanRupees: config.PARTNER_LOAN_RUPEES } : {}),
  };
}

/**
 * Who we are and how to reach a person, as the site shows them (issue 17):
 * only what is configured; phone numbers as given and as digits for links.
 */
export function contactDetailsOf(config: Config): ContactDetails {
  const dialled = (phone: string | undefined) =>
    phone === undefined ? undefined : { shown: phone, digits: phone.replace(/\D/g, "") };
  return {
    email: config.CONTACT_EMAIL,
    ...(config.COMPANY_NAME ? { company: config.COMPANY_NAME } : {}),
    ...(config.COMPANY_REGISTRATION ? { registration: config.COMPANY_REGISTRATION } : {}),
    ...(config.COMPANY_ADDRESS ? { address: config.COMPANY_ADDRESS } : {}),
    ...(config.CONTACT_PHONE ? { phone: dialled(config.CONTACT_PHONE) } : {}),
    ...(config.CONTACT_WHATSAPP ? { whatsapp: dialled(config.CONTACT_WHATSAPP) } : {}),
  };
}

/** The country config (SPEC §3) the configuration describes. */
export function countryConfigOf(config: Config): CountryConfig {
  return { country: config.COUNTRY, leadId: config.LEAD_ID, providerId: config.PROVIDER_ID };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads and validates the environment. The only module that reads
 * process.env; everything else receives a Config. Messages name the
 * variable but never echo its value (DATABASE_URL holds a password).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * Hands NODE_ENV to the libraries that read it themselves (React picks its
 * production or development build on first import), so that a plain
 * `node dist/server/main.js` runs as production. Call it before they load.
 */
export function applyToProcess(config: Config, env: NodeJS.ProcessEnv = process.env): void {
  env.NODE_ENV = config.NODE_ENV;
}

/**
 * The tests' own settings, read here so that this stays the one module
 * that reads process.env: a PostgreSQL server the storage tests may create
 * databases in (TEST_DATABASE_URL), and the PATH handed to the server
 * processes they start. (CHROMIUM_PATH is read by scripts/find-chromium.mjs.)
 */
export function loadTestEnvironment(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  path: string;
} {
  return { databaseUrl: env.TEST_DATABASE_URL || undefined, path: env.PATH ?? "" };
}
