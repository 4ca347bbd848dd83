import type { HttpResult } from "../../widget/runtime/http";
import { postJson } from "../../widget/runtime/http";

/**
 * A write that must happen once however the network behaves (issue 37,
 * decision 0476): the application and the code entry. Each request carries
 * an `Idempotency-Key` (the server answers a repeat with the first answer
 * and does nothing again); the same key while the visitor sends the same
 * thing, a new one once they change it. On a network failure (no answer, or
 * none in ANSWER_TIMEOUT_MS) or a key still in use (409), `waiting` is
 * told and the same request goes again when the browser says it is back
 * online or after the next of RETRY_DELAYS_MS, whichever comes first;
 * after the last, the failure is the answer. A new `send` (the visitor
 * pressed again) ends the earlier one's waiting: it answers `undefined`.
 */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
export const ANSWER_TIMEOUT_MS = 30_000;

/** Worth sending again with the same key: no answer, a key still being done, a gateway's. */
function transient(answer: HttpResult): boolean {
  if (answer.ok) return false;
  if (answer.status === 409) {
    return (
      (answer.data as { error?: { code?: unknown } } | null)?.error?.code ===
      "idempotency_key_in_use"
    );
  }
  return answer.status === 0 || answer.status === 502 || answer.status === 504;
}

/** A random key (crypto.randomUUID where the page is a secure context, as ours are). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** Until the browser is online again, or `ms` have passed. */
function connectionOrDelay(ms: number, ended: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
    void ended.then(done);
  });
}

export interface SendEvents {
  /** No answer yet: the request waits for the connection (the page says so). */
  waiting(): void;
  /** It goes again (the button shows progress). */
  sending(): void;
}

export interface OnceSender {
  /** The answer, or undefined when a later `send` took over. */
  send(url: string, body: unknown, events: SendEvents): Promise<HttpResult | undefined>;
}

export function onceSender(): OnceSender {
  let sent = "";
  let key = "";
  let generation = 0;
  let endWaiting = () => {};
  return {
    async send(url, body, events) {
      const what = JSON.stringify([url, body]);
      if (what !== sent) {
        sent = what;
        key = newKey();
      }
      endWaiting();
      generation += 1;
      const mine = generation;
      for (let attempt = 0; ; attempt += 1) {
        const answer = await postJson(url, body, {
          headers: { "Idempotency-Key": key },
          timeoutMs: ANSWER_TIMEOUT_MS,
        });
        if (mine !== generation) return undefined;
        const delay = RETRY_DELAYS_MS[attempt];
        if (!transient(answer) || delay === undefined) return answer;
        const ended = new Promise<void>((resolve) => {
          endWaiting = resolve;
        });
        const back = connectionOrDelay(delay, ended);
        events.waiting();
        await back;
        if (mine !== generation) return undefined;
        events.sending();
      }
    },
  };
}
