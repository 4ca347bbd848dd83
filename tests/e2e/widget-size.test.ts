import { readFileSync } from "node:fs";
import { get } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The whole widget (four elements, both languages, styles) as a partner's
 * visitor downloads it: brotli at quality 11, which the server sends
 * (server/http/precompressed.ts, decision 0302), and gzip -9 for browsers
 * without brotli. Issue 3's budget was 20,000 bytes gzip; issue 19 asks for
 * 15,000 brotli, which the widget does not reach yet (17,193 when this
 * budget was set; decision 0302 says where the bytes go). These budgets
 * hold what it is, with a little room, so that it does not grow.
 */
const WIDGET_BUDGET_BROTLI_BYTES = 17_400;
const WIDGET_BUDGET_GZIP_BYTES = 19_450;

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
