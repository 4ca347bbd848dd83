import { useEffect, useState } from "react";
import type { LeadOffers } from "../../../core/views/site-contract";
import { chunkLoader } from "../../components/use-chunk";

const loadStream = chunkLoader(() => import("./decisions-stream"));

/**
 * A visitor's application as the page shows it: what the server rendered,
 * then each snapshot of its offers and decisions as it arrives (an approval
 * also adds its offer to the lead feed's ids), as long as lenders are still
 * deciding. The stream's code is a chunk asked for after hydration (the
 * server's render and the first browser render both use the rendered
 * application, so hydration matches).
 */
export function useLiveOffers(rendered: LeadOffers): LeadOffers {
  const [lead, setLead] = useState(rendered);
  const { leadId } = rendered;
  const waiting = lead.decisions !== undefined && !lead.decisions.complete;
  useEffect(() => {
    if (!waiting) return;
    let shown = true;
    let stop: (() => void) | undefined;
    loadStream().then(
      (module) => {
        if (!shown) return;
        // The income the page was rendered with stays: the stream does not carry it.
        stop = module.followApplicationOffers(leadId, (offers) =>
          setLead((shown) => ({ ...shown, ...offers })),
        );
      },
      () => undefined,
    );
    return () => {
      shown = false;
      stop?.();
    };
  }, [leadId, waiting]);
  return lead;
}
