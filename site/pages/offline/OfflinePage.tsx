import { siteMessagesFor } from "../../messages";
import type { PageProps } from "../page";
import type { OfflineView } from "./page.server";

/**
 * No connection (decision 0480): what happened, what still works, and a
 * way to try again. The page is shown at the address that failed, so the
 * link to "." (every address of ours ends in a slash) loads it again:
 * the page has no script (decision 0480).
 */
export function OfflinePage({ locale }: PageProps<OfflineView>) {
  const t = siteMessagesFor(locale);
  return (
    <section className="offline" aria-labelledby="offline-title">
      <h1 id="offline-title">{t.offlineTitle}</h1>
      <p>{t.offlineText}</p>
      <p>{t.offlineWorks}</p>
      <a className="button" href=".">
        {t.offlineRetry}
      </a>
    </section>
  );
}
