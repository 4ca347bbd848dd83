import type { ComponentProps } from "react";
import type { UnsubscribePage as Page } from "./UnsubscribePage";

/**
 * The browser's side of lazy.ts (as the application page's, decision 0035):
 * the deletion request's steps are a chunk of their own, so that every other
 * page does not carry them. It is loaded before the page renders (before
 * hydration, and before an in-app navigation shows it), so it renders at
 * once, the same as the server's HTML.
 */
let unsubscribePage: typeof Page | undefined;

export async function preload(): Promise<void> {
  unsubscribePage ??= (await import("./UnsubscribePage")).UnsubscribePage;
}

export function UnsubscribePage(props: ComponentProps<typeof Page>) {
  if (!unsubscribePage) throw new Error("The unsubscribe page rendered before its preload");
  const Loaded = unsubscribePage;
  return <Loaded {...props} />;
}
