import { outboxDir, readOutbox } from "../../server/messaging/outbox";
import type { ServerProcess } from "./server-process";

/**
 * The codes a server started by startServer sent: it has no SMS or e-mail
 * transport, so its messages sit in DATA_DIR/outbox, as `npm run outbox`
 * shows them. The last message to a contact (an e-mail address, or a phone
 * in E.164) and the six-digit code in it, or undefined when there is none yet.
 */
export function codeSentTo(server: ServerProcess, contact: string): string | undefined {
  const message = readOutbox(outboxDir(server.dataDir)).findLast((sent) => sent.to === contact);
  return /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
}

/** How many messages went to a contact so far. */
export function messagesTo(server: ServerProcess, contact: string): number {
  return readOutbox(outboxDir(server.dataDir)).filter((sent) => sent.to === contact).length;
}
