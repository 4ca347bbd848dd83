import { readFileSync } from "node:fs";
import { get } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_LOCALES } from "../../core/locale";
import { eligibilityMessagesFor } from "../../core/messages/eligibility";
import { en } from "../../core/messages/en";
import { si } from "../../core/messages/si";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The whole widget (four elements, styles) as a partner's visitor downloads
 * it: brotli at quality 11, which the server sends (server/http/precompressed.ts,
 * decision 0302), and gzip -9 for browsers without brotli. Issue 3's budget
 * was 20,000 bytes gzip; issue 19 asked for 15,000 brotli, which the widget
 * reached with its copy in one catalog file per locale beside it (decision
 * 0303) and without the libraries the design names. Issue 29 puts them back:
 * the elements are made by @r2wc/react-to-web-component and React is
 * @preact/compat (decision 0331: 14,961 → 16,831 bytes brotli, 16,611 →
 * 18,632 gzip), then issue 30's affordability in core's ranking, shared with the
 * site (0355: 17,128 brotli, 18,894 gzip); the budget is what that runtime
 * measures, and the script must carry both. A language more is a catalog more, not bytes in the script.
 * Issue 36's approval odds in the offer list (0449: 17,145 → 17,557 brotli, 18,942 → 19,414 gzip).
 */
const WIDGET_BUDGET_BROTLI_BYTES = 17_600;
const WIDGET_BUDGET_GZIP_BYTES = 19_450;
/** Each language's catalog (0303; Tamil's is the largest: 2,139 brotli, 2,458 gzip). */
const CATALOG_BUDGET_BROTLI_BYTES = 2_400;
const CATALOG_BUDGET_GZIP_BYTES = 2_700;

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

const gzip9 = (bytes: Buffer) => gzipSync(bytes, { level: 9 });

/** The catalogs a build's script loads, by locale (dist/widget/manifest.json). */
const catalogFiles = (): Record<string, string> =>
  JSON.parse(readFileSync("dist/widget/manifest.json", "utf8")).catalogs;

describe("the widget's size", () => {
  const bundle = () => readFileSync("dist/widget/loan-widget.js");

  it("is reported: the script and each language's catalog it loads, gzip and brotli", () => {
    const files = { script: "loan-widget.js", ...catalogFiles() };
    const rows = Object.entries(files).map(([what, file]) => {
      const bytes = readFileSync(`dist/widget/${file}`);
      return { what, file, gzip: gzip9(bytes).length, brotli: brotli11(bytes).length };
    });
    console.log(
      rows.map((row) => `${row.file}: gzip ${row.gzip}, brotli ${row.brotli}`).join("\n"),
    );
    expect(rows.map((row) => row.what).sort()).toEqual(["script", ...ALL_LOCALES].sort());
  });

  it(`is at most ${WIDGET_BUDGET_BROTLI_BYTES} bytes brotli (quality 11)`, () => {
    expect(brotli11(bundle()).length).toBeLessThanOrEqual(WIDGET_BUDGET_BROTLI_BYTES);
  });

  it(`is at most ${WIDGET_BUDGET_GZIP_BYTES} bytes gzip`, () => {
    expect(gzip9(bundle()).length).toBeLessThanOrEqual(WIDGET_BUDGET_GZIP_BYTES);
  });

  it(`loads catalogs of at most ${CATALOG_BUDGET_BROTLI_BYTES} bytes brotli, ${CATALOG_BUDGET_GZIP_BYTES} gzip`, () => {
    for (const file of Object.values(catalogFiles())) {
      const bytes = readFileSync(`dist/widget/${file}`);
      expect(brotli11(bytes).length, file).toBeLessThanOrEqual(CATALOG_BUDGET_BROTLI_BYTES);
      expect(gzip9(bytes).length, file).toBeLessThanOrEqual(CATALOG_BUDGET_GZIP_BYTES);
    }
  });

  it("is made of the libraries the design names: r2wc and preact/compat (0331)", () => {
    const text = bundle().toString("utf8");
    // r2wc's keys for an element's props and render.
    expect(text).toContain('Symbol.for("r2wc.props")');
    expect(text).toContain('Symbol.for("r2wc.render")');
    // compat marks preact's components as React's: preact alone never does.
    expect(text).toContain("isReactComponent");
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
      expect(gzip.body.equals(gzip9(bundle()))).toBe(true);
    });
  });
});
