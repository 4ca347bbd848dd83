import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { appWith, openTestSqlite, type TestStorage } from "../test-support";
import { isSuppressed } from "./erasure";

let test: TestStorage;
const logLines: string[] = [];
let app: ReturnType<typeof appWith>;

beforeAll(async () => {
  test = await openTestSqlite();
  app = appWith(test.storage, {
    // Everything logged, so the test can prove no contact reaches a log line.
    log: createLogger("debug", {
      out: (line) => logLines.push(line),
      err: (line) => logLines.push(line),
    }),
  });
});

afterAll(async () => {
  await test.cleanup();
});

const post = (body: unknown) =>
  inject(app, {
    method: "POST",
    url: "/api/unsubscribe",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describe("POST /api/unsubscribe", () => {
  it("suppresses the e-mail and the phone and says what it did", async () => {
    const res = await post({ email: "Kamala.Perera@Example.lk", phone: "077 987 6543" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: true, suppressed: ["email", "phone"] });
    expect(await isSuppressed(test.storage, "email", "kamala.perera@example.lk")).toBe(true);
    expect(await isSuppressed(test.storage, "phone", "+94779876543")).toBe(true);
    expect(await isSuppressed(test.storage, "phone", "+94779876544")).toBe(false);
  });

  it("answers a repeated request the same way", async () => {
    const res = await post({ phone: "+94 77 987 6543" });
    expect(res.json()).toEqual({ done: true, suppressed: ["phone"] });
  });

  it("keeps the e-mail and phone nowhere: not in the database files (WAL included), not in the logs", async () => {
    const contacts = [
      "Kamala.Perera@Example.lk",
      "kamala.perera@example.lk",
      "0779876543",
      "+94779876543",
      "779876543",
    ];
    const files = readdirSync(test.dataDir).map((name) => path.join(test.dataDir, name));
    expect(files.some((file) => file.endsWith("-wal"))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const contact of contacts) {
        expect(bytes.includes(Buffer.from(contact)), `${contact} in ${path.basename(file)}`).toBe(
          false,
        );
      }
    }
    const logs = logLines.join("\n");
    expect(logs.length).toBeGreaterThan(0);
    for (const contact of contacts) expect(logs).not.toContain(contact);
  });

  it("refuses a form posted from another site, and changes nothing", async () => {
    const res = await inject(app, {
      method: "POST",
      url: "/api/unsubscribe",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        host: "nayacompare.test",
      },
      payload: "locale=en&email=victim%40example.lk",
    });
    expect(res.statusCode).toBe(403);
    expect(await isSuppressed(test.storage, "email", "victim@example.lk")).toBe(false);
  });

  it("takes a plain form post (no JavaScript) and redirects to the confirmation, contact-free", async () => {
    const res = await inject(app, {
      method: "POST",
      url: "/api/unsubscribe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "locale=en&email=form.user%40example.lk&phone=",
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/en/unsubscribe/done/");
    expect(await isSuppressed(test.storage, "email", "form.user@example.lk")).toBe(true);
  });

  it.each([
    ["email=not-an-email&phone=", "/en/unsubscribe/?error=email", "Enter a valid email address"],
    ["email=&phone=0112345678", "/en/unsubscribe/?error=phone", "Enter a valid phone number"],
    [
      "email=&phone=",
      "/en/unsubscribe/?error=missing",
      "Enter your email address or your phone number",
    ],
  ])(
    "sends a bad form post (no JavaScript) back to the form with its problem: %s",
    async (payload, location, message) => {
      const res = await inject(app, {
        method: "POST",
        url: "/api/unsubscribe",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `locale=en&${payload}`,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(location);
      expect(res.headers.location).not.toContain("0112345678");
      const form = await inject(app, { method: "GET", url: location });
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain(message);
    },
  );

  it.each([
    [{ email: "not-an-email" }, { email: "Enter a valid email address" }],
    [{ phone: "011 234 5678" }, { phone: "Enter a valid phone number" }],
    [{}, { email: "Enter your email address or your phone number" }],
    [{ email: "a@b.lk", name: "Kamala" }, { name: "is not a known field" }],
    [{ email: 42 }, { email: expect.any(String) }],
  ])("refuses %j with 400, SPEC §5's message and no change", async (body, fields) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_body", fields });
  });
});
