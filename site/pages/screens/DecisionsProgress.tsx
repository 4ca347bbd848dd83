import type { ApplicationDecisions } from "../../../core/decisions";
import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { offersMessagesFor } from "../../messages/offers";

/**
 * "Asking N lenders…": how many lenders were asked in real time and how
 * many answered, in words (a live region, so a screen reader hears each
 * change) with a bar beside them for the eye.
 */
export function DecisionsProgress({
  locale,
  decisions,
}: {
  locale: Locale;
  decisions: ApplicationDecisions;
}) {
  const o = offersMessagesFor(locale);
  const { asked, answered, complete } = decisions;
  const counts = { count: asked, answered: Math.min(answered, asked) };
  return (
    <div className="decisions-progress" role="status" aria-live="polite">
      {complete ? (
        <p>{fill(o.askedDone, counts)}</p>
      ) : (
        <>
          <p>
            {asked === 1 ? o.askingOne : fill(o.askingOther, counts)}{" "}
            {fill(o.answeredCount, counts)}
          </p>
          <progress max={asked} value={counts.answered} aria-hidden="true" />
        </>
      )}
    </div>
  );
}
