import type { ComponentProps } from "react";
import type { OffersLinkPage as Page } from "./OffersLinkPage";

/**
 * The browser's side of lazy.ts (as the unsubscribe page's): the offers
 * link's pages are a chunk of their own, so that no other page carries
 * them or their copy. Loaded before the page renders, so it renders at
 * once, the same as the server's HTML.
 */
let offersLinkPage: typeof Page | undefined;

export async function preload(): Promise<void> {
  offersLinkPage ??= (await import("./OffersLinkPage")).OffersLinkPage;
}

export function OffersLinkPage(props: ComponentProps<typeof Page>) {
  if (!offersLinkPage) throw new Error("The offers link page rendered before its preload");
  const Loaded = offersLinkPage;
  return <Loaded {...props} />;
}
