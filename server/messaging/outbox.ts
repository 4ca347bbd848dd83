import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Mail, MailTransport, Sms, SmsTransport } from "./transports";

/**
 * The local outbox: where messages go when no SMS or e-mail transport is
 * configured (the embedded defaults of `npm start`), so that the whole flow
 * works on one machine. One JSON file a message in DATA_DIR/outbox/, readable
 * by this user only; `npm run outbox` prints them. Messages are deleted
 * after an hour (pruneOutbox) and by an erasure (eraseFromOutbox).
 */
export const OUTBOX_FOLDER = "outbox";

/** How long an outbox message is kept. */
export const OUTBOX_MAX_AGE_MS = 60 * 60 * 1000;

export interface OutboxMessage {
  channel: "sms" | "mail";
  to: string;
  subject?: string;
  text: string;
  /** A deletion request's code (an erasure of the person's other contact leaves it). */
  purpose?: "erasure code";
  /** ISO time it was written. */
  createdAt: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, OUTBOX_FOLDER);
}

/** Messages written in one millisecond keep their order (file names sort). */
let sequence = 0;

function write(dir: string, message: OutboxMessage): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  sequence = (sequence + 1) % 1_000_000;
  const order = `${String(Date.parse(message.createdAt)).padStart(15, "0")}-${String(sequence).padStart(6, "0")}`;
  const name = `${order}-${randomBytes(4).toString("hex")}.json`;
  writeFileSync(path.join(dir, name), `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
}

export function outboxTransports(
  dir: string,
  now: () => Date = () => new Date(),
): { sms: SmsTransport; mail: MailTransport } {
  return {
    sms: {
      name: "outbox",
      real: false,
      async send(sms: Sms) {
        write(dir, {
          channel: "sms",
          to: sms.to,
          text: sms.text,
          ...(sms.purpose && { purpose: sms.purpose }),
          createdAt: now().toISOString(),
        });
      },
    },
    mail: {
      name: "outbox",
      real: false,
      async send(mail: Mail) {
        write(dir, { channel: "mail", ...mail, createdAt: now().toISOString() });
      },
    },
  };
}

/** The outbox's messages with their file names, oldest first; unreadable files are skipped. */
function entries(dir: string): { file: string; message: OutboxMessage }[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    const file = path.join(dir, name);
    try {
      return [{ file, message: JSON.parse(readFileSync(file, "utf8")) as OutboxMessage }];
    } catch {
      return [];
    }
  });
}

export function readOutbox(dir: string): OutboxMessage[] {
  return entries(dir).map((entry) => entry.message);
}

/** Deletes the messages older than maxAgeMs; answers how many went. */
export function pruneOutbox(dir: string, now: Date, maxAgeMs = OUTBOX_MAX_AGE_MS): number {
  const old = entries(dir).filter(
    (entry) => now.getTime() - Date.parse(entry.message.createdAt) >= maxAgeMs,
  );
  for (const entry of old) rmSync(entry.file, { force: true });
  return old.length;
}

/**
 * An erasure: every message to one of the erased contacts goes, and every
 * message to one of the person's other contacts (decision 0338) but the
 * codes of deletion requests, which the person may still need to erase
 * that contact too. Answers how many went.
 */
export function eraseFromOutbox(
  dir: string,
  erased: readonly string[],
  others: readonly string[] = [],
): number {
  const all = new Set(erased.map((contact) => contact.toLowerCase()));
  const spared = new Set(others.map((contact) => contact.toLowerCase()));
  const matching = entries(dir).filter(({ message }) => {
    const to = message.to.toLowerCase();
    return all.has(to) || (spared.has(to) && message.purpose !== "erasure code");
  });
  for (const entry of matching) rmSync(entry.file, { force: true });
  return matching.length;
}
