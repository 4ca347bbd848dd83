import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../../core/domain/schemas/application.fixtures";
import {
  appWith,
  openTestSqlite,
  recordingLog,
  silentLog,
  type TestStorage,
  testOutbox,
} from "../test-support";
import { createEventBuffer } from "../tracking/event-buffer";
import { applyVerified } from "./applicant.test-support";
import { pushNotifier, subscribeToLead, type VapidKeys, vapidKeys } from "./push";

/**
 * Web Push end to end (issue 6): a subscribed lead, a lender's postback, and
 * a local push service that receives the notification, which the test
 * decrypts as a browser would (RFC 8291, aes128gcm) after checking the
 * VAPID signature (RFC 8292) against our public key.
 */
const SECRET = "kandy-lane-secret-0123456789";

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let test: TestStorage;
let app: ReturnType<typeof appWith>;
let keys: VapidKeys;
let pushService: Server;
let pushUrl: string;
const received: Received[] = [];
let answerWith = 201;
let delivered: () => void = () => undefined;
const outbox = testOutbox();

beforeAll(async () => {
  test = await openTestSqlite();
  keys = await vapidKeys(test.storage.db);
  app = appWith(test.storage, {
    messenger: outbox.messenger,
    events: createEventBuffer({ storage: test.storage, log: silentLog }),
    lenderSecrets: new Map([["kandy-lane", SECRET]]),
    statusListeners: [
      pushNotifier({
        storage: test.storage,
        keys,
        subject: "mailto:help@nayacompare.test",
        log: silentLog,
      }),
    ],
  });
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answerWith;
      res.end();
      delivered();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/`;
});

afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await test.cleanup();
});

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** RFC 8291: what the browser does with a push message's body. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
}

/** RFC 8292: the JWT in `Authorization: vapid t=…, k=…` is signed with our private key. */
function checkVapid(header: string | undefined, endpoint: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  expect(match?.[2]).toBe(keys.publicKey);
  const [head, claims, signature] = (match?.[1] ?? "").split(".");
  const point = Buffer.from(keys.publicKey, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature ?? "", "base64url"),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims ?? "", "base64url").toString());
  expect(payload.aud).toBe(new URL(endpoint).origin);
  expect(payload.sub).toBe("mailto:help@nayacompare.test");
}

async function applyAndClick(phone: string): Promise<{ leadId: string; clickId: string }> {
  const { leadId } = await applyVerified(app, outbox.messages, {
    ...validApplication,
    term: 90,
    phone,
  });
  const out = await inject(app, {
    method: "GET",
    url: "/go/101",
    headers: { cookie: `lead=${leadId}` },
  });
  const clickId = new URL(String(out.headers.location)).searchParams.get("click_id") ?? "";
  return { leadId, clickId };
}

async function postback(clickId: string, status: string) {
  const nextDelivery = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  const res = await inject(app, {
    method: "GET",
    url: `/api/postback?click_id=${clickId}&status=${status}&token=${SECRET}`,
  });
  return { res, nextDelivery };
}

describe("push notifications", () => {
  it("makes VAPID keys once and keeps them", async () => {
    expect(Buffer.from(keys.publicKey, "base64url")).toHaveLength(65);
    expect(await vapidKeys(test.storage.db)).toEqual(keys);
  });

  it("delivers an encrypted, signed notification when a lender's postback changes the lead", async () => {
    const { leadId, clickId } = await applyAndClick("0771110001");
    const browser = browserKeys();
    const endpoint = `${pushUrl}sub-1`;
    await subscribeToLead(test.storage, leadId, {
      endpoint,
      keys: {
        p256dh: browser.ecdh.getPublicKey().toString("base64url"),
        auth: browser.auth.toString("base64url"),
      },
      locale: "en",
    });
    const { res, nextDelivery } = await postback(clickId, "approved");
    expect(res.statusCode).toBe(200);
    await nextDelivery;
    const push = received.at(-1);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push?.headers.authorization, endpoint);
    expect(JSON.parse(decrypt(push?.body ?? Buffer.alloc(0), browser))).toEqual({
      title: "Your loan application",
      body: "A lender approved your application. Open the offers to see the next step.",
      url: "/en/offers/",
      lang: "en",
    });

    // The same status again is a duplicate postback: no second notification.
    const count = received.length;
    const again = await postback(clickId, "approved");
    expect(again.res.json().duplicate).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(count);
  });

  it("drops a subscription that the push service says is gone (410)", async () => {
    const { leadId, clickId } = await applyAndClick("0771110002");
    const browser = browserKeys();
    await subscribeToLead(test.storage, leadId, {
      endpoint: `${pushUrl}sub-2`,
      keys: {
        p256dh: browser.ecdh.getPublicKey().toString("base64url"),
        auth: browser.auth.toString("base64url"),
      },
      locale: "si",
    });
    answerWith = 410;
    const { nextDelivery } = await postback(clickId, "rejected");
    await nextDelivery;
    answerWith = 201;
    expect(JSON.parse(decrypt(received.at(-1)?.body ?? Buffer.alloc(0), browser)).lang).toBe("si");
    await expect
      .poll(async () => {
        const rows = await test.storage.db
          .selectFrom("push_subscriptions")
          .select("id")
          .where("lead_id", "=", leadId)
          .execute();
        return rows.length;
      })
      .toBe(0);
  });
});

describe("POST /api/push/subscriptions", () => {
  const browser = browserKeys();
  const subscription = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    expirationTime: null,
    keys: {
      p256dh: browser.ecdh.getPublicKey().toString("base64url"),
      auth: browser.auth.toString("base64url"),
    },
    locale: "si",
  };
  const subscribe = (body: unknown, cookie?: string) =>
    inject(app, {
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it("subscribes the browser that applied, and forgets it on DELETE", async () => {
    const { leadId } = await applyAndClick("0771110003");
    const res = await subscribe(subscription, `lead=${leadId}`);
    expect(res.statusCode).toBe(201);
    const rows = () =>
      test.storage.db
        .selectFrom("push_subscriptions")
        .selectAll()
        .where("lead_id", "=", leadId)
        .execute();
    const [row] = await rows();
    expect(row).toMatchObject({ lead_id: leadId, locale: "si" });
    // Sealed under the lead's key (decision 0335): the endpoint is not stored as it is.
    expect(row?.endpoint).not.toBe(subscription.endpoint);
    const [opened] = await test.storage.keys.openRows(test.storage.db, "push_subscriptions", [
      row ?? { key_id: null },
    ]);
    expect(opened).toMatchObject({ endpoint: subscription.endpoint, ...subscription.keys });
    const removed = await inject(app, {
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ endpoint: subscription.endpoint }),
    });
    expect(removed.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it("answers 409 without an application", async () => {
    const res = await subscribe(subscription);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("no_application");
  });

  it.each([
    ["plain http", { endpoint: "http://fcm.googleapis.com/x" }],
    ["a host that is no push service", { endpoint: "https://10.0.0.5.nip.io/x" }],
    ["a push service's host on another port", { endpoint: "https://fcm.googleapis.com:8443/x" }],
    ["an IP address", { endpoint: "https://10.0.0.5/x" }],
    ["localhost", { endpoint: "https://localhost/x" }],
    ["a short key", { keys: { p256dh: "abc", auth: subscription.keys.auth } }],
    ["an unknown language", { locale: "fr" }],
  ])("refuses %s with 400 and the envelope", async (_name, change) => {
    const { leadId } = await applyAndClick(`07711100${10 + _name.length}`);
    const res = await subscribe({ ...subscription, ...change }, `lead=${leadId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_body");
  });
});

describe("a subscription whose endpoint is not a URL", () => {
  it.each(["POST", "DELETE"] as const)(
    "%s answers 400 with the envelope and logs nothing but the request",
    async (method) => {
      const { log, lines } = recordingLog();
      const logged = appWith(test.storage, { log });
      for (const endpoint of ["x", "", "https://", "http://[::1", 42]) {
        const res = await inject(logged, {
          method,
          url: "/api/push/subscriptions",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ endpoint }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe("invalid_body");
      }
      // Request lines only (light-my-request may finish a response twice: not counted here).
      const entries = lines.map((line) => JSON.parse(line));
      expect(entries.length).toBeGreaterThanOrEqual(5);
      for (const entry of entries) expect(entry).toMatchObject({ message: "request", status: 400 });
      expect(lines.join("\n")).not.toContain("stack");
    },
  );
});
