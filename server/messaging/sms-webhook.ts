import { MessageError, SEND_TIMEOUT_MS, type Sms, type SmsTransport } from "./transports";

/**
 * SMS through a JSON webhook (SMS_WEBHOOK_URL): a POST of `{ "to", "text" }`
 * with `Authorization: Bearer SMS_WEBHOOK_TOKEN` when a token is set. Any
 * 2xx is taken as sent. Suits a gateway that accepts such a body, or a relay
 * of ours in front of any gateway.
 */
export function webhookSmsTransport(url: string, token?: string): SmsTransport {
  return {
    name: "webhook",
    real: true,
    async send(sms: Sms) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          redirect: "manual",
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MessageError(`webhook unreachable (${(error as Error).name})`);
      }
      await response.body?.cancel();
      if (!response.ok) throw new MessageError(`webhook answered ${response.status}`);
    },
  };
}
