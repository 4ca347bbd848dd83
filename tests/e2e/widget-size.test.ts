import { readFileSync } from "node:fs";
import { get } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eligibilityMessagesFor } from "../../core/messages/eligibility";
import { en } from "../../core/messages/en";
import { si } from "../../core/messages/si";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The whole widget (four elements, styles) as a partner's visitor downloads
 * it: brotli at quality 11, which the server sends (server/http/precompressed.ts,
 * decision 0302), and gzip -9 for browsers without brotli. Issue 3's budget
 * was 20,000 bytes gzip; issue 19 asks for 15,000 brotli, which the widget
 * reaches with its copy in one catalog file per locale beside it, fetched
 * for the language in use (decision 0303: 17,193 → 14,942). A language
 * more is a catalog more, not bytes in the script: the script carries no copy.
 */
const WIDGET_BUDGET_BROTLI_BYTES = 15_000;
const WIDGET_BUDGET_GZIP_BYTES = 16_700;

const brotli11 = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** The bytes the server sends for a path, as they come off the wire (not decoded). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    }).on("error", reject);
  });
}

describe("the widget's size", () => {
  const bundle = () => readFileSync("dist/widget/loan-widget.js");

  it(`is at most ${WIDGET_BUDGET_BROTLI_BYTES} bytes brotli (quality 11)`, () => {
    expect(brotli11(bundle()).length).toBeLessThanOrEqual(WIDGET_BUDGET_BROTLI_BYTES);
  });

  it(`is at most ${WIDGET_BUDGET_GZIP_BYTES} bytes gzip`, () => {
    expect(gzipSync(bundle(), { level: 9 }).length).toBeLessThanOrEqual(WIDGET_BUDGET_GZIP_BYTES);
  });

  it("carries no catalog: every language's copy is a file of its own (0303)", () => {
    const text = bundle().toString("utf8");
    const copy = [en, si, eligibilityMessagesFor("en"), eligibilityMessagesFor("si")].flatMap(
      (catalog) => Object.values(catalog).filter((value) => value.length > 12),
    );
    expect(copy.length).toBeGreaterThan(100);
    // The one exception: "Try again" in Sinhala, on the error a missing catalog shows.
    expect(copy.filter((value) => text.includes(value))).toEqual([si.offersRetry]);
  });

  it("carries no copy of React or zod", () => {
    const text = bundle().toString("utf8");
    // React 19's shared internals object; any React build carries this name.
    expect(text).not.toContain("__CLIENT_INTERNALS_DO_NOT_USE");
    expect(text).not.toContain("ZodError");
  });

  describe("as the server sends it", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("is the brotli 11 and gzip 9 measured above, byte for byte", async () => {
      const url = `${server.url}/widget/v1/loan-widget.js`;
      const br = await rawGet(url, "gzip, deflate, br");
      expect(br.encoding).toBe("br");
      expect(br.body.equals(brotli11(bundle()))).toBe(true);
      const gzip = await rawGet(url, "gzip");
      expect(gzip.encoding).toBe("gzip");
      expect(gzip.body.equals(gzipSync(bundle(), { level: 9 }))).toBe(true);
    });
  });
});
