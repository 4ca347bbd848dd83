import { useEffect, useId, useState } from "react";
import type { Locale } from "../../core/locale";
import { pushMessagesFor } from "../messages/push";
import { runtimeConfig } from "../runtime-config";
import { readStored, store } from "../web-storage";

/** Local storage: the visitor said no; we do not ask again. */
export const PUSH_PROMPT_KEY = "push_prompt";

type State = "hidden" | "asking" | "working" | "on" | "denied" | "failed";

/**
 * SPEC §4's push prompt (Allow or Reject) on the offers page after an
 * application: news of the application's status on this device. Shown
 * only after hydration (the server cannot know the browser's permission),
 * only where Web Push exists, and never again once rejected. A chunk of
 * its own (PushPromptSlot loads it), with its copy.
 */
export function PushPrompt({ locale }: { locale: Locale }) {
  const t = pushMessagesFor(locale);
  const [state, setState] = useState<State>("hidden");
  const titleId = useId();

  useEffect(() => {
    const supported =
      "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    const key = runtimeConfig().pushPublicKey;
    if (!supported || !key) return;
    if (Notification.permission === "granted") {
      // Allowed before, for an earlier application: this one is news-worthy too, without asking.
      import("../push").then(
        ({ subscribeToPush }) => subscribeToPush(key, locale),
        () => undefined,
      );
    } else if (
      Notification.permission === "default" &&
      readStored("localStorage", PUSH_PROMPT_KEY) !== "rejected"
    ) {
      setState("asking");
    }
  }, [locale]);

  if (state === "hidden") return null;

  const allow = async () => {
    setState("working");
    const key = runtimeConfig().pushPublicKey ?? "";
    try {
      const { subscribeToPush } = await import("../push");
      setState(await subscribeToPush(key, locale));
    } catch {
      setState("failed");
    }
  };

  const reject = () => {
    store("localStorage", PUSH_PROMPT_KEY, "rejected");
    setState("hidden");
  };

  const outcome = { on: t.pushOn, denied: t.pushDenied, failed: t.pushFailed } as const;
  return (
    <aside className="push-prompt" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.pushTitle}</h2>
      {state === "asking" || state === "working" ? (
        <>
          <p>{t.pushText}</p>
          <div className="push-prompt-actions">
            <button
              type="button"
              className="button"
              onClick={() => void allow()}
              disabled={state === "working"}
              aria-busy={state === "working"}
            >
              {t.pushAllow}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={reject}
              disabled={state === "working"}
            >
              {t.pushReject}
            </button>
          </div>
        </>
      ) : null}
      <p role="status">{state in outcome ? outcome[state as keyof typeof outcome] : ""}</p>
    </aside>
  );
}
