import { useEffect, useState } from "react";
import type { ApplicationDecisions } from "../../../core/decisions";
import { chunkLoader } from "../../components/use-chunk";

const loadStream = chunkLoader(() => import("./decisions-stream"));

/**
 * An application's decisions: what the server rendered, then each snapshot
 * as it arrives, as long as lenders are still deciding. The stream's code is
 * a chunk asked for after hydration (the server's render and the first
 * browser render both use the rendered decisions, so hydration matches).
 */
export function useLiveDecisions(
  leadId: string,
  rendered: ApplicationDecisions | undefined,
): ApplicationDecisions | undefined {
  const [decisions, setDecisions] = useState(rendered);
  const waiting = decisions !== undefined && !decisions.complete;
  useEffect(() => {
    if (!waiting) return;
    let shown = true;
    let stop: (() => void) | undefined;
    loadStream().then(
      (module) => {
        if (shown) stop = module.followDecisions(leadId, setDecisions);
      },
      () => undefined,
    );
    return () => {
      shown = false;
      stop?.();
    };
  }, [leadId, waiting]);
  return decisions;
}
