/** The tracking chunk (site/tracking.ts), loaded after hydration; tracking never holds a page up. */
let tracking: Promise<typeof import("./tracking")> | undefined;

/** Runs `use` once the tracking chunk is loaded (loading it if no one has yet). */
export function track(use: (module: typeof import("./tracking")) => void): void {
  tracking ??= import("./tracking");
  tracking.then(use).catch((error: unknown) => console.error("Tracking failed", error));
}
