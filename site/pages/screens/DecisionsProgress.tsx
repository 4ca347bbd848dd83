import type { Locale } from "../../../core/locale";
import { fill } from "../../../core/messages";
import { offersMessagesFor } from "../../messages/offers";
import type { DecisionsStatus } from "./decisions-status";

/**
 * "Asking N lenders…": how many lenders were asked in real time and how
 * many answered, in words (a live region, so a screen reader hears each
 * change) with a bar beside them for the eye. One line, from the same count
 * as the summary naming who said no or did not reply (decision 0361):
 * "6 of 9 lenders answered; 3 did not reply in time".
 */
export function DecisionsProgress({ locale, status }: { locale: Locale; status: DecisionsStatus }) {
  const o = offersMessagesFor(locale);
  const { asked, answered, noReply, settled } = status;
  const counts = { count: asked, answered, missing: noReply.length };
  const line = (plain: string, withMissing: string) =>
    fill(noReply.length > 0 ? withMissing : plain, counts);
  return (
    <div className="decisions-progress" role="status" aria-live="polite">
      {settled ? (
        <p>{line(o.askedDone, o.askedDoneMissing)}</p>
      ) : (
        <>
          <p>
            {asked === 1 ? o.askingOne : fill(o.askingOther, counts)}{" "}
            {line(o.answeredCount, o.answeredCountMissing)}
          </p>
          <progress max={asked} value={answered + noReply.length} aria-hidden="true" />
        </>
      )}
    </div>
  );
}
