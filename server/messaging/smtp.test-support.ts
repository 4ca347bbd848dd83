import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT, for SMTP_URL or smtpMailTransport. */
  url: string;
  /** Every message received, in order, as its raw text. */
  messages: ReceivedMail[];
  /** The messages to one address, in order. */
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback for tests: no authentication, no TLS,
 * keeping each message's raw text; `refuse` makes it refuse every recipient.
 */
export async function startTestSmtp({ refuse = false } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse ? new Error(`${address.address}: mailbox unavailable`) : undefined);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    mailsTo: (address) => messages.filter((message) => message.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a raw message as its reader sees it (quoted-printable or base64 undone). */
export function readableBody(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let index = 0; index < joined.length; index += 1) {
      const hex = /^=([0-9A-F]{2})/i.exec(joined.slice(index, index + 3));
      if (hex?.[1]) {
        bytes.push(Number.parseInt(hex[1], 16));
        index += 2;
      } else bytes.push(joined.charCodeAt(index));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}
