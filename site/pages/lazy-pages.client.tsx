import type { ComponentProps } from "react";
import type { ApplicationPage as Page } from "./application/ApplicationPage";

/**
 * The browser's side of lazy-pages.ts: the application form (its fields,
 * masks and steps, about 5 KB gzip) is a chunk of its own, so that every
 * other page does not carry it.
 */
let applicationPage: typeof Page | undefined;

/** Loads the chunk of a page that has one; resolves at once for the others. */
export async function preloadPage(page: string): Promise<void> {
  if (page === "application" && !applicationPage) {
    applicationPage = (await import("./application/ApplicationPage")).ApplicationPage;
  }
}

export function ApplicationPage(props: ComponentProps<typeof Page>) {
  if (!applicationPage) throw new Error("The application page rendered before preloadPage");
  const Loaded = applicationPage;
  return <Loaded {...props} />;
}
