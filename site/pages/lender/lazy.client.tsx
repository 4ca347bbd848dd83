import type { ComponentProps } from "react";
import type { LenderPage as Page } from "./LenderPage";

/**
 * The browser's side of lazy.ts (as the application page's, decision 0035):
 * the lender page is a chunk of its own, so that every other page does not
 * carry it. It is loaded before the page renders (before hydration, and
 * before an in-app navigation shows it), so it renders at once, the same as
 * the server's HTML.
 */
let lenderPage: typeof Page | undefined;

export async function preload(): Promise<void> {
  lenderPage ??= (await import("./LenderPage")).LenderPage;
}

export function LenderPage(props: ComponentProps<typeof Page>) {
  if (!lenderPage) throw new Error("The lender page rendered before its preload");
  const Loaded = lenderPage;
  return <Loaded {...props} />;
}
