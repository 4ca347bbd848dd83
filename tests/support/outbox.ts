import { normalizeSriLankanMobile } from "../../core/domain/phone";
import { outboxDir, readOutbox } from "../../server/messaging/outbox";
import type { ServerProcess } from "./server-process";

/**
 * What the e2e server sent, read from its local outbox (DATA_DIR/outbox,
 * where `npm start` puts messages without an SMS or e-mail transport), as
 * an applicant reads their SMS.
 */
export function sentTo(server: Pick<ServerProcess, "dataDir">, contact: string) {
  const to = normalizeSriLankanMobile(contact) ?? contact;
  return readOutbox(outboxDir(server.dataDir)).filter((message) => message.to === to);
}

/**
 * The newest code sent by SMS to this phone (as typed or in E.164), once
 * at least `count` SMS have gone to it: the server writes the outbox
 * before it answers, so this only waits when the test has not waited for
 * the answer. Fails after 10 s.
 */
export async function codeSentTo(
  server: Pick<ServerProcess, "dataDir">,
  phone: string,
  count = 1,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const sms = sentTo(server, phone).filter((message) => message.channel === "sms");
    const code = sms.length >= count ? /\b(\d{6})\b/.exec(sms.at(-1)?.text ?? "")?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code went to ${phone} (${sms.length} SMS)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The codes a server started by startServer sent: it has no SMS or e-mail
 * transport, so its messages sit in DATA_DIR/outbox, as `npm run outbox`
 * shows them. The last message to a contact (an e-mail address, or a phone
 * in E.164) and the six-digit code in it, or undefined when there is none yet.
 */
export function lastCodeTo(server: ServerProcess, contact: string): string | undefined {
  const message = readOutbox(outboxDir(server.dataDir)).findLast((sent) => sent.to === contact);
  return /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
}

/** How many messages went to a contact so far. */
export function messagesTo(server: ServerProcess, contact: string): number {
  return readOutbox(outboxDir(server.dataDir)).filter((sent) => sent.to === contact).length;
}
