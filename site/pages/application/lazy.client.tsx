import type { ComponentProps } from "react";
import type { ApplicationPage as Page } from "./ApplicationPage";

/**
 * The browser's side of lazy.ts: the application form is a chunk of its
 * own, so that every other page does not carry it. The page's chunk is
 * loaded before the page renders (before hydration, and before an in-app
 * navigation shows it), so it renders at once, the same as the server's HTML.
 */
let applicationPage: typeof Page | undefined;

export async function preload(): Promise<void> {
  applicationPage ??= (await import("./ApplicationPage")).ApplicationPage;
}

export function ApplicationPage(props: ComponentProps<typeof Page>) {
  if (!applicationPage) throw new Error("The application page rendered before its preload");
  const Loaded = applicationPage;
  return <Loaded {...props} />;
}
