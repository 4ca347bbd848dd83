import { lazyPage } from "../lazy-page";

/** The browser's side of lazy.ts: the page is a chunk of its own (lazyPage, decision 0035). */
export const { preload, Component: OfflinePage } = lazyPage(
  "offline",
  async () => (await import("./OfflinePage")).OfflinePage,
);
