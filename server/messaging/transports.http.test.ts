import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordingLog } from "../test-support";
import { smtpMailTransport } from "./mail-smtp";
import { createMessenger } from "./messenger";
import { eraseFromOutbox, outboxTransports, pruneOutbox, readOutbox } from "./outbox";
import { notifyLkSmsTransport } from "./sms-notify-lk";
import { webhookSmsTransport } from "./sms-webhook";
import { startTestSmtp } from "./smtp.test-support";
import { MessageError } from "./transports";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A real HTTP server on loopback that answers with `answer` and keeps what it got. */
async function gateway(answer: (body: string) => { status: number; json: unknown }) {
  const received: { headers: IncomingMessage["headers"]; body: string; url: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body, url: req.url ?? "" });
      const { status, json } = answer(body);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe("the SMS webhook", () => {
  it("posts { to, text } as JSON with the bearer token", async () => {
    const hook = await gateway(() => ({ status: 202, json: { queued: true } }));
    const sms = webhookSmsTransport(`${hook.url}/sms`, "a-token-of-sixteen-chars");
    await sms.send({ to: "+94771234567", text: "ඔබේ කේතය 123456" });
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]?.headers.authorization).toBe("Bearer a-token-of-sixteen-chars");
    expect(JSON.parse(hook.received[0]?.body ?? "")).toEqual({
      to: "+94771234567",
      text: "ඔබේ කේතය 123456",
    });
  });

  it("fails with a MessageError that names no number on a non-2xx answer", async () => {
    const hook = await gateway(() => ({ status: 503, json: {} }));
    const failure = webhookSmsTransport(hook.url).send({ to: "+94771234567", text: "x" });
    await expect(failure).rejects.toBeInstanceOf(MessageError);
    await expect(failure).rejects.toThrow("webhook answered 503");
    await expect(failure).rejects.not.toThrow("94771234567");
  });
});

describe("Notify.lk", () => {
  const account = (apiUrl: string) => ({
    userId: "1234",
    apiKey: "key-abcdefgh",
    senderId: "NayaCompare",
    apiUrl,
  });

  it("sends its documented form: 94… without +, and unicode for Sinhala", async () => {
    const api = await gateway(() => ({ status: 200, json: { status: "success", data: "Sent" } }));
    const sms = notifyLkSmsTransport(account(`${api.url}/api/v1`));
    await sms.send({ to: "+94771234567", text: "ඔබේ කේතය 123456" });
    await sms.send({ to: "+94771234567", text: "Your code is 123456" });
    expect(api.received.map((request) => request.url)).toEqual(["/api/v1/send", "/api/v1/send"]);
    const [sinhala, english] = api.received.map((request) => new URLSearchParams(request.body));
    expect(Object.fromEntries(sinhala ?? [])).toEqual({
      user_id: "1234",
      api_key: "key-abcdefgh",
      sender_id: "NayaCompare",
      to: "94771234567",
      message: "ඔබේ කේතය 123456",
      type: "unicode",
    });
    expect(english?.has("type")).toBe(false);
  });

  it("fails when the gateway does not say success", async () => {
    const api = await gateway(() => ({ status: 200, json: { status: "error", errors: "x" } }));
    const sms = notifyLkSmsTransport(account(api.url));
    await expect(sms.send({ to: "+94771234567", text: "x" })).rejects.toBeInstanceOf(MessageError);
  });
});

describe("e-mail over SMTP", () => {
  /** A real SMTP server on loopback (smtp.test-support.ts), closed after the test. */
  async function smtpServer(refuse = false) {
    const smtp = await startTestSmtp({ refuse });
    closers.push(smtp.close);
    return smtp;
  }

  it("delivers a plain-text message from MAIL_FROM", async () => {
    const smtp = await smtpServer();
    const mail = smtpMailTransport(smtp.url, "NayaCompare <no-reply@nayacompare.test>");
    closers.push(async () => mail.close?.());
    await mail.send({ to: "ama@example.lk", subject: "Your code", text: "Your code is 654321." });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual(["ama@example.lk"]);
    expect(smtp.messages[0]?.raw).toMatch(/^From: NayaCompare <no-reply@nayacompare\.test>/m);
    expect(smtp.messages[0]?.raw).toMatch(/^Subject: Your code/m);
    expect(smtp.messages[0]?.raw).toContain("654321");
  });

  it("fails with a MessageError when the server refuses the recipient", async () => {
    const smtp = await smtpServer(true);
    const mail = smtpMailTransport(smtp.url, "no-reply@nayacompare.test");
    closers.push(async () => mail.close?.());
    await expect(
      mail.send({ to: "ama@example.lk", subject: "x", text: "x" }),
    ).rejects.toBeInstanceOf(MessageError);
  });
});

describe("the messenger and the local outbox", () => {
  it("prunes messages after an hour and erases a person's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "outbox-test-"));
    let now = new Date("2026-11-25T08:00:00Z");
    const outbox = outboxTransports(dir, () => now);
    const { log, lines } = recordingLog();
    const messenger = createMessenger(outbox, log);
    await messenger.applicationCode("+94771234567", "123456", 10, "si");
    await messenger.erasureCode({ kind: "email", value: "ama@example.lk" }, "654321", 10, "en");
    now = new Date("2026-11-25T08:30:00Z");
    await messenger.applicationCode("+94770000000", "111111", 10, "en");

    const [sinhala, mail, english] = readOutbox(dir);
    expect(sinhala).toMatchObject({ channel: "sms", to: "+94771234567" });
    expect(sinhala?.text).toContain("123456");
    expect(sinhala?.text).toMatch(/[\u0D80-\u0DFF]/);
    expect(mail).toMatchObject({ channel: "mail", to: "ama@example.lk" });
    expect(mail?.subject).toBe("Your code to delete your data from NayaCompare");
    expect(english?.text).toContain("Never share it");
    const logged = lines.join("\n");
    for (const secret of ["94771234567", "123456", "ama@example.lk", "654321"]) {
      expect(logged).not.toContain(secret);
    }

    expect(pruneOutbox(dir, new Date("2026-11-25T09:10:00Z"))).toBe(2);
    expect(readOutbox(dir).map((message) => message.to)).toEqual(["+94770000000"]);
    expect(eraseFromOutbox(dir, ["+94770000000"])).toBe(1);
    expect(readOutbox(dir)).toEqual([]);
  });
});
