import { postJson } from "../widget/runtime/http";
import { serviceWorkerReady } from "./service-worker";

/** The prompt's answer once the browser has had its say. */
export type PushOutcome = "on" | "denied" | "failed";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/**
 * Turns on notifications about the visitor's application (a chunk loaded
 * when "Allow" is pressed): the browser's permission, our service worker,
 * a push subscription with our VAPID key, and the subscription sent to the
 * server, which ties it to the application through the `lead` cookie.
 */
export async function subscribeToPush(publicKey: string, locale: string): Promise<PushOutcome> {
  try {
    if ((await Notification.requestPermission()) !== "granted") return "denied";
    const registration = await serviceWorkerReady();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const saved = await postJson("/api/push/subscriptions", { ...subscription.toJSON(), locale });
    return saved.ok ? "on" : "failed";
  } catch (error) {
    // No push service reachable (some browsers, private modes): say so, nothing else breaks.
    console.error("Push subscription failed", error);
    return "failed";
  }
}
