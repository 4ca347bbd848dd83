import { useState } from "react";
import type { Locale } from "../../core/locale";
import { siteMessagesFor } from "../messages";

/** Copies the page's address to the clipboard (SPEC §2: share copies the link). */
export function ShareButton({ locale }: { locale: Locale }) {
  const t = siteMessagesFor(locale);
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (!clipboard) {
      setStatus("failed");
      return;
    }
    clipboard.writeText(window.location.href).then(
      () => setStatus("copied"),
      () => setStatus("failed"),
    );
  };
  return (
    <p className="share">
      <button type="button" className="button-secondary" onClick={copy}>
        {t.copyLink}
      </button>
      <span role="status" className="share-status">
        {status === "copied" ? t.linkCopied : status === "failed" ? t.copyFailed : ""}
      </span>
    </p>
  );
}
