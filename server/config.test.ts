import { describe, expect, it } from "vitest";
import {
  applyToProcess,
  ConfigError,
  contactDetailsOf,
  loadConfig,
  loadTestEnvironment,
  messagingSettingsOf,
  outboundUrlsOf,
  partnerProgrammeOf,
  storageOptionsOf,
} from "./config";

describe("loadConfig", () => {
  it("waits LENDER_DEADLINE_MS for lenders' decisions: 3 s unless set, 200 ms to 30 s", () => {
    expect(loadConfig({}).LENDER_DEADLINE_MS).toBe(3_000);
    expect(loadConfig({ LENDER_DEADLINE_MS: "1500" }).LENDER_DEADLINE_MS).toBe(1_500);
    expect(() => loadConfig({ LENDER_DEADLINE_MS: "50" })).toThrow(
      /LENDER_DEADLINE_MS: must be at least 200/,
    );
    expect(() => loadConfig({ LENDER_DEADLINE_MS: "soon" })).toThrow(/LENDER_DEADLINE_MS/);
  });

  it("keeps EVENT_RETENTION_DAYS of events: 400 unless set, 1 to 3650", () => {
    expect(loadConfig({}).EVENT_RETENTION_DAYS).toBe(400);
    expect(loadConfig({ EVENT_RETENTION_DAYS: "90" }).EVENT_RETENTION_DAYS).toBe(90);
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: "0" })).toThrow(
      /EVENT_RETENTION_DAYS: must be at least 1/,
    );
    expect(() => loadConfig({ EVENT_RETENTION_DAYS: "forever" })).toThrow(/EVENT_RETENTION_DAYS/);
  });

  it("sets the server's header, request and keep-alive timeouts, the request's no shorter (0346)", () => {
    expect(
      loadConfig({
        HEADERS_TIMEOUT_MS: "1000",
        REQUEST_TIMEOUT_MS: "2000",
        KEEP_ALIVE_TIMEOUT_MS: "700",
      }),
    ).toMatchObject({
      HEADERS_TIMEOUT_MS: 1_000,
      REQUEST_TIMEOUT_MS: 2_000,
      KEEP_ALIVE_TIMEOUT_MS: 700,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "30000", REQUEST_TIMEOUT_MS: "20000" })).toThrow(
      /REQUEST_TIMEOUT_MS: must be at least HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: "50" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it("sends at most LENDER_CONCURRENCY requests to one lender at once: 32 unless set, 1 to 64", () => {
    expect(loadConfig({}).LENDER_CONCURRENCY).toBe(32);
    expect(loadConfig({ LENDER_CONCURRENCY: "8" }).LENDER_CONCURRENCY).toBe(8);
    expect(() => loadConfig({ LENDER_CONCURRENCY: "0" })).toThrow(
      /LENDER_CONCURRENCY: must be at least 1/,
    );
    expect(() => loadConfig({ LENDER_CONCURRENCY: "65" })).toThrow(
      /LENDER_CONCURRENCY: must be at most 64/,
    );
    expect(() => loadConfig({ LENDER_CONCURRENCY: "2.5" })).toThrow(/LENDER_CONCURRENCY/);
  });

  it("has embedded defaults for a newcomer", () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      DATA_DIR: "./data",
      CONTACT_EMAIL: "support@nayacompare.lk",
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_MS: 10_000,
      HEADERS_TIMEOUT_MS: 20_000,
      REQUEST_TIMEOUT_MS: 60_000,
      KEEP_ALIVE_TIMEOUT_MS: 5_000,
      LENDER_POSTBACK_SECRETS: new Map(),
      LENDER_DEADLINE_MS: 3_000,
      LENDER_CONCURRENCY: 32,
      PARTNER_RATE_LIMIT: 120,
      PAGE_CACHE_BYTES: 16_000_000,
      EVENT_RETENTION_DAYS: 400,
      COUNTRY: "LK",
      LEAD_ID: "lk-loans",
      PROVIDER_ID: "nayacompare-lk",
      NOTIFYLK_API_URL: "https://app.notify.lk/api/v1",
    });
  });

  it("takes one SMS transport, and an https site only with one", () => {
    const notifyLk = {
      NOTIFYLK_USER_ID: "1234",
      NOTIFYLK_API_KEY: "key-abcdefgh",
      NOTIFYLK_SENDER_ID: "NayaCompare",
    };
    expect(messagingSettingsOf(loadConfig({ ...notifyLk, DATA_DIR: "/srv" }))).toEqual({
      dataDir: "/srv",
      smsWebhook: undefined,
      notifyLk: {
        userId: "1234",
        apiKey: "key-abcdefgh",
        senderId: "NayaCompare",
        apiUrl: "https://app.notify.lk/api/v1",
      },
      smtp: undefined,
    });
    expect(() => loadConfig({ NOTIFYLK_USER_ID: "1234" })).toThrow(
      /NOTIFYLK_USER_ID: Notify.lk needs/,
    );
    expect(() => loadConfig({ ...notifyLk, SMS_WEBHOOK_URL: "https://relay.test/sms" })).toThrow(
      /choose one SMS transport/,
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: "https://nayacompare.lk" })).toThrow(
      /PUBLIC_ORIGIN: is https, so SMS must reach phones/,
    );
    expect(
      loadConfig({
        PUBLIC_ORIGIN: "https://nayacompare.lk",
        SMS_WEBHOOK_URL: "https://relay.test/sms",
      }).SMS_WEBHOOK_URL,
    ).toBe("https://relay.test/sms");
    expect(loadConfig({ PUBLIC_ORIGIN: "http://localhost:3000" }).PUBLIC_ORIGIN).toBe(
      "http://localhost:3000",
    );
  });

  it("sends e-mail over SMTP from MAIL_FROM, or from the contact address", () => {
    const smtp = (env: Record<string, string>) => messagingSettingsOf(loadConfig(env)).smtp;
    expect(smtp({ SMTP_URL: "smtp://mailer:secret@mail.test:587" })).toEqual({
      url: "smtp://mailer:secret@mail.test:587",
      from: "support@nayacompare.lk",
    });
    expect(
      smtp({ SMTP_URL: "smtps://mail.test", MAIL_FROM: "NayaCompare <no-reply@nayacompare.lk>" })
        ?.from,
    ).toBe("NayaCompare <no-reply@nayacompare.lk>");
    expect(() => loadConfig({ SMTP_URL: "http://mail.test" })).toThrow(/SMTP_URL/);
  });

  it("reads the country config, and refuses a country or id it cannot use", () => {
    expect(loadConfig({ COUNTRY: "PH", LEAD_ID: "ph-1", PROVIDER_ID: "p.2" })).toMatchObject({
      COUNTRY: "PH",
      LEAD_ID: "ph-1",
      PROVIDER_ID: "p.2",
    });
    expect(() => loadConfig({ COUNTRY: "XX" })).toThrow(/COUNTRY/);
    expect(() => loadConfig({ PROVIDER_ID: "has space" })).toThrow(
      /PROVIDER_ID: must be a short code/,
    );
  });

  it("reads the partners' chat link, and stops the start on one that is not an https address", () => {
    expect(loadConfig({}).PARTNER_CHAT_URL).toBeUndefined();
    expect(loadConfig({ PARTNER_CHAT_URL: "" }).PARTNER_CHAT_URL).toBeUndefined();
    expect(loadConfig({ PARTNER_CHAT_URL: "https://chat.example.com/p" }).PARTNER_CHAT_URL).toBe(
      "https://chat.example.com/p",
    );
    for (const given of ["chat.example.com", "http://chat.example.com", "mailto:a@b.lk"]) {
      expect(() => loadConfig({ PARTNER_CHAT_URL: given })).toThrow(
        /PARTNER_CHAT_URL: must be an https address like https:\/\/chat\.example\.com\/partners/,
      );
    }
  });

  it("reads the partner programme's terms and e-wallets, refusing what is not one (issue 35)", () => {
    expect(partnerProgrammeOf(loadConfig({}))).toEqual({ ewallets: [] });
    expect(
      partnerProgrammeOf(
        loadConfig({
          PARTNER_EWALLETS: " eZ Cash, mCash ,,eZ Cash",
          PARTNER_LEAD_RUPEES: "400",
          PARTNER_LOAN_RUPEES: "2500",
        }),
      ),
    ).toEqual({ ewallets: ["eZ Cash", "mCash"], leadRupees: 400, loanRupees: 2500 });
    for (const rupees of ["0", "-5", "12.5", "lots", "1000001"]) {
      expect(() => loadConfig({ PARTNER_LEAD_RUPEES: rupees })).toThrow(/PARTNER_LEAD_RUPEES/);
    }
    for (const wallets of [
      "<b>Cash</b>",
      "a:b",
      Array(9)
        .fill("W")
        .map((w, i) => w + i)
        .join(","),
    ]) {
      expect(() => loadConfig({ PARTNER_EWALLETS: wallets })).toThrow(/PARTNER_EWALLETS/);
    }
  });

  it("reads the partner API's rate limit, and refuses one that is not a positive whole number", () => {
    expect(loadConfig({ PARTNER_RATE_LIMIT: "600" }).PARTNER_RATE_LIMIT).toBe(600);
    expect(() => loadConfig({ PARTNER_RATE_LIMIT: "0" })).toThrow(/PARTNER_RATE_LIMIT/);
    expect(() => loadConfig({ PARTNER_RATE_LIMIT: "many" })).toThrow(/PARTNER_RATE_LIMIT/);
  });

  it("lets partners' postbacks reach loopback only outside production, when asked", () => {
    expect(loadConfig({}).PARTNER_POSTBACKS_TO_LOOPBACK).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: "development", PARTNER_POSTBACKS_TO_LOOPBACK: "allow" })
        .PARTNER_POSTBACKS_TO_LOOPBACK,
    ).toBe("allow");
    expect(() =>
      loadConfig({ NODE_ENV: "production", PARTNER_POSTBACKS_TO_LOOPBACK: "allow" }),
    ).toThrow(/PARTNER_POSTBACKS_TO_LOOPBACK: is for development and tests/);
    expect(() =>
      loadConfig({ NODE_ENV: "development", PARTNER_POSTBACKS_TO_LOOPBACK: "yes" }),
    ).toThrow(/PARTNER_POSTBACKS_TO_LOOPBACK/);
  });

  it("reads lenders' postback secrets, and refuses short ones without echoing them", () => {
    expect(
      loadConfig({
        LENDER_POSTBACK_SECRETS: "kandy-lane=0123456789abcdef,tea-terrace=fedcba9876543210",
      }).LENDER_POSTBACK_SECRETS,
    ).toEqual(
      new Map([
        ["kandy-lane", "0123456789abcdef"],
        ["tea-terrace", "fedcba9876543210"],
      ]),
    );
    expect(() => loadConfig({ LENDER_POSTBACK_SECRETS: "kandy-lane=short" })).toThrow(
      /LENDER_POSTBACK_SECRETS: must be lender=secret pairs/,
    );
    expect(() => loadConfig({ LENDER_POSTBACK_SECRETS: "kandy-lane=short" })).not.toThrow(/short/);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATA_DIR: "" })).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
    });
  });

  it("reads overrides", () => {
    expect(
      loadConfig({ PORT: "8080", DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u@h/db" }),
    ).toMatchObject({ PORT: 8080, DATA_DIR: "/tmp/x", DATABASE_URL: "postgres://u@h/db" });
  });

  it("keeps only the origin of PUBLIC_ORIGIN", () => {
    // An https site needs an SMS transport (issue 14).
    const sms = { SMS_WEBHOOK_URL: "https://relay.test/sms" };
    expect(
      loadConfig({ ...sms, PUBLIC_ORIGIN: "https://nayacompare.lk/some/path" }).PUBLIC_ORIGIN,
    ).toBe("https://nayacompare.lk");
    expect(() => loadConfig({ PUBLIC_ORIGIN: "ftp://x" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ CONTACT_EMAIL: "nope" })).toThrow(/CONTACT_EMAIL/);
  });

  it("in production, takes only https URLs on public addresses for what the server calls (0344)", () => {
    const production = { NODE_ENV: "production" };
    for (const [name, url, why] of [
      ["SMS_WEBHOOK_URL", "http://relay.test/sms", /SMS_WEBHOOK_URL: must be https in production/],
      ["SMS_WEBHOOK_URL", "https://127.0.0.1:9000/sms", /SMS_WEBHOOK_URL: .*not 127\.0\.0\.1/],
      ["SMS_WEBHOOK_URL", "https://localhost/sms", /SMS_WEBHOOK_URL: .*not localhost/],
      ["FEED_UPSTREAM_URL", "https://[::1]:8443/feed", /FEED_UPSTREAM_URL: .*not ::1/],
      ["FEED_UPSTREAM_URL", "https://10.0.0.7/feed", /FEED_UPSTREAM_URL: .*not 10\.0\.0\.7/],
      ["FEED_UPSTREAM_URL", "http://feed.example.lk/leads", /FEED_UPSTREAM_URL: must be https/],
      ["FEED_UPSTREAM_URL", "https://0x7f.1/feed", /FEED_UPSTREAM_URL: .*not 127\.0\.0\.1/],
    ] as const) {
      expect(() => loadConfig({ ...production, [name]: url })).toThrow(why);
    }
    const notifyLk = {
      NOTIFYLK_USER_ID: "1234",
      NOTIFYLK_API_KEY: "key-abcdefgh",
      NOTIFYLK_SENDER_ID: "NayaCompare",
    };
    expect(() =>
      loadConfig({ ...production, ...notifyLk, NOTIFYLK_API_URL: "http://app.notify.lk/api/v1" }),
    ).toThrow(/NOTIFYLK_API_URL: must be https/);
    const ok = loadConfig({
      ...production,
      SMS_WEBHOOK_URL: "https://sms.example.lk/send",
      FEED_UPSTREAM_URL: "https://feed.example.lk/leads",
    });
    expect(ok.FEED_UPSTREAM_URL).toBe("https://feed.example.lk/leads");
    // Outside production, today's allowances: http and this machine.
    expect(
      loadConfig({
        NODE_ENV: "development",
        SMS_WEBHOOK_URL: "http://127.0.0.1:9000/sms",
        FEED_UPSTREAM_URL: "http://localhost:8080/feed",
      }).SMS_WEBHOOK_URL,
    ).toBe("http://127.0.0.1:9000/sms");
  });

  it("names the URLs the server calls, Notify.lk's only when it is the transport", () => {
    expect(outboundUrlsOf(loadConfig({}))).toEqual([]);
    expect(
      outboundUrlsOf(
        loadConfig({
          SMS_WEBHOOK_URL: "https://sms.example.lk/send",
          FEED_UPSTREAM_URL: "https://feed.example.lk/leads",
        }),
      ),
    ).toEqual([
      ["SMS_WEBHOOK_URL", "https://sms.example.lk/send"],
      ["FEED_UPSTREAM_URL", "https://feed.example.lk/leads"],
    ]);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT: must be a port number/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT: must be 0 to 65535/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads the installation key (and the one a rotation replaces) as 32 bytes, never echoing it", () => {
    const key = Buffer.alloc(32, 3);
    const previous = Buffer.alloc(32, 4);
    const config = loadConfig({
      DATA_KEY: key.toString("base64"),
      DATA_KEY_PREVIOUS: previous.toString("hex"),
    });
    expect(storageOptionsOf(config)).toEqual({
      databaseUrl: undefined,
      dataDir: "./data",
      dataKey: key,
      previousDataKey: previous,
    });
    // Without it, DATA_DIR's key file (server/storage/data-key-file.ts).
    expect(storageOptionsOf(loadConfig({})).dataKey).toBeUndefined();
    const short = Buffer.alloc(16, 5).toString("base64");
    try {
      loadConfig({ DATA_KEY: short });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/DATA_KEY: must be 32 bytes as base64/);
      expect(String(error)).not.toContain(short);
    }
    expect(() => loadConfig({ DATA_KEY_PREVIOUS: "secret" })).toThrow(/DATA_KEY_PREVIOUS/);
  });

  it("does not echo a database URL, which may hold a password", () => {
    try {
      loadConfig({ DATABASE_URL: "mysql://user:secret@host/db" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toContain("DATABASE_URL");
      expect(String(error)).not.toContain("secret");
    }
  });
});

describe("who we are and how to reach a person (issue 17)", () => {
  it("invents nothing: without the variables, the e-mail alone", () => {
    expect(contactDetailsOf(loadConfig({}))).toEqual({ email: "support@nayacompare.lk" });
    // An empty variable is an unset one.
    expect(
      contactDetailsOf(
        loadConfig({ COMPANY_NAME: "", COMPANY_REGISTRATION: "", CONTACT_PHONE: "" }),
      ),
    ).toEqual({ email: "support@nayacompare.lk" });
  });

  it("takes the company, its registration and address, and phone numbers for tel: and wa.me", () => {
    const config = loadConfig({
      COMPANY_NAME: " Naya Compare (Private) Limited ",
      COMPANY_REGISTRATION: "PV 00012345",
      COMPANY_ADDRESS: "12 Galle Road, Colombo 03",
      CONTACT_PHONE: "+94 11 234 5678",
      CONTACT_WHATSAPP: "+94 (77) 123-4567",
      CONTACT_EMAIL: "help@nayacompare.lk",
    });
    expect(contactDetailsOf(config)).toEqual({
      email: "help@nayacompare.lk",
      company: "Naya Compare (Private) Limited",
      registration: "PV 00012345",
      address: "12 Galle Road, Colombo 03",
      phone: { shown: "+94 11 234 5678", digits: "94112345678" },
      whatsapp: { shown: "+94 (77) 123-4567", digits: "94771234567" },
    });
  });

  it("refuses numbers a borrower could not dial, and markup in the address", () => {
    expect(() => loadConfig({ CONTACT_PHONE: "011 234 5678" })).toThrow(
      /CONTACT_PHONE: must be an international phone number/,
    );
    expect(() => loadConfig({ CONTACT_WHATSAPP: "+94 77" })).toThrow(/CONTACT_WHATSAPP/);
    expect(() => loadConfig({ CONTACT_WHATSAPP: "+94 77 123 4567 8901 2345" })).toThrow(
      /CONTACT_WHATSAPP/,
    );
    expect(() => loadConfig({ COMPANY_REGISTRATION: "<b>1</b>" })).toThrow(
      /COMPANY_REGISTRATION: must be a registration number/,
    );
    expect(() => loadConfig({ COMPANY_ADDRESS: "<script>x</script> Colombo" })).toThrow(
      /COMPANY_ADDRESS/,
    );
    expect(() => loadConfig({ COMPANY_NAME: "x".repeat(121) })).toThrow(/COMPANY_NAME/);
  });
});

describe("applyToProcess", () => {
  it("gives libraries the NODE_ENV of the configuration, production by default", () => {
    const env: NodeJS.ProcessEnv = {};
    applyToProcess(loadConfig(env), env);
    expect(env.NODE_ENV).toBe("production");
  });

  it("reads the tests' own settings, an empty database URL meaning none", () => {
    expect(loadTestEnvironment({ TEST_DATABASE_URL: "", PATH: "/bin" })).toEqual({
      databaseUrl: undefined,
      path: "/bin",
    });
  });
});
