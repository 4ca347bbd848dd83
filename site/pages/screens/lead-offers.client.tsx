import type { ComponentProps } from "react";
import type { LeadOffersScreen as Screen } from "./LeadOffersScreen";

/**
 * The browser's side of lead-offers.ts: a visitor's offers page is a chunk
 * of its own (decision 0122), so that no other page carries it. It is
 * loaded before the page renders (before hydration, and before an in-app
 * navigation shows it), so it renders at once, the same as the server's HTML.
 */
let leadOffersScreen: typeof Screen | undefined;
let loading: Promise<void> | undefined;

export function preloadLeadOffers(): Promise<void> {
  loading ??= import("./LeadOffersScreen").then(
    (module) => {
      leadOffersScreen = module.LeadOffersScreen;
    },
    (error: unknown) => {
      // Asked for again by the next preload.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function LeadOffersScreen(props: ComponentProps<typeof Screen>) {
  if (!leadOffersScreen) throw new Error("The offers page rendered before its preload");
  const Loaded = leadOffersScreen;
  return <Loaded {...props} />;
}
