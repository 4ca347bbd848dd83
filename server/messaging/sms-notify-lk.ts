import { MessageError, SEND_TIMEOUT_MS, type Sms, type SmsTransport } from "./transports";

export interface NotifyLkAccount {
  userId: string;
  apiKey: string;
  /** The approved sender id (case sensitive); "NotifyDEMO" only for trials, never for codes. */
  senderId: string;
  /** https://app.notify.lk/api/v1 unless given (the tests run a local one). */
  apiUrl: string;
}

/** Notify.lk's documented limit for one message. */
const MAX_LENGTH = 621;

/**
 * SMS through Notify.lk, a Sri Lankan gateway (docs/sms-gateway.md): its
 * documented `POST {apiUrl}/send` with user_id, api_key, sender_id, `to` as
 * 94XXXXXXXXX, the message, and `type=unicode` when the text is not plain
 * ASCII (Sinhala is not). It answers JSON `{ "status": "success", … }`.
 */
export function notifyLkSmsTransport(account: NotifyLkAccount): SmsTransport {
  return {
    name: "notify.lk",
    real: true,
    async send(sms: Sms) {
      if (sms.text.length > MAX_LENGTH) throw new MessageError("message over 621 characters");
      const form = new URLSearchParams({
        user_id: account.userId,
        api_key: account.apiKey,
        sender_id: account.senderId,
        to: sms.to.replace(/^\+/, ""),
        message: sms.text,
      });
      if (/[^\x20-\x7e\n]/.test(sms.text)) form.set("type", "unicode");
      let response: Response;
      try {
        response = await fetch(`${account.apiUrl}/send`, {
          method: "POST",
          body: form,
          redirect: "manual",
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MessageError(`notify.lk unreachable (${(error as Error).name})`);
      }
      const answer = (await response.json().catch(() => undefined)) as
        | { status?: unknown }
        | undefined;
      if (!response.ok || answer?.status !== "success") {
        throw new MessageError(`notify.lk answered ${response.status} without success`);
      }
    },
  };
}
