import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createExamplesServer } from "../../scripts/serve-examples.mjs";

/** The partner demo pages, served from their own origin (127.0.0.1), using our widget. */
export async function startExamples(
  widgetOrigin: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createExamplesServer({ widgetOrigin });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
