/** One text message to a mobile number in E.164 (+947…). */
export interface Sms {
  to: string;
  text: string;
  /** A deletion request's code: the local outbox keeps it past an erasure of another contact. */
  purpose?: "erasure code";
}

/** One plain-text e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  purpose?: "erasure code";
}

/**
 * Where SMS go: a gateway's API, a webhook, or the local outbox. `send`
 * resolves once the transport has taken the message and rejects with a
 * MessageError otherwise; it never puts the number or the text in the error.
 */
export interface SmsTransport {
  /** For the start-up line and the log: "webhook", "notify.lk", "outbox". */
  readonly name: string;
  /** Whether the message reaches a phone (the outbox does not). */
  readonly real: boolean;
  send(sms: Sms): Promise<void>;
}

export interface MailTransport {
  readonly name: string;
  readonly real: boolean;
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}

/** A transport refused or failed a message; the reason is safe to log (no contact, no text). */
export class MessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "MessageError";
  }
}

/** How long a gateway may take to answer before we give up on the message. */
export const SEND_TIMEOUT_MS = 10_000;
