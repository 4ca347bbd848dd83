/**
 * `npm run bench`: Lighthouse (mobile preset, simulated throttling) on the
 * built site, driving the system Chromium, for the home page, an article
 * and the offers page in both languages; and the JavaScript each page
 * loads, gzip.
 * Figures only: a benchmark never fails for being slow on a busy machine.
 * Needs `npm run build` first (the npm script does it).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "./find-chromium.mjs";

const PAGES = [
  ["home (si)", "/"],
  ["home (en)", "/en/"],
  ["article (si)", "/are-you-ready-to-apply-for-personal-loans/"],
  ["article (en)", "/en/are-you-ready-to-apply-for-personal-loans/"],
  ["offers (si)", "/offers/"],
  ["offers (en)", "/en/offers/"],
];

const chromePath = findChromium();
if (!chromePath) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nayacompare-bench-"));
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/localhost:\d+)\//);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop() {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pageScriptsGzip() {
  const manifest = JSON.parse(readFileSync("dist/site/manifest.json", "utf8"));
  return manifest.scripts.reduce(
    (sum, src) => sum + gzipSync(readFileSync(path.join("dist/site", src)), { level: 9 }).length,
    0,
  );
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

const rows = [];
try {
  for (const [name, pagePath] of PAGES) {
    const result = await lighthouse(`${server.url}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      // Sinhala pages stay Sinhala: / would redirect an English browser.
      extraHeaders: { Cookie: pagePath.startsWith("/en/") ? "locale=en" : "locale=si" },
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push([
      name,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      Math.round((audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    ]);
  }
} finally {
  await chrome.kill();
  server.stop();
}

const header = ["page", "perf", "a11y", "best", "seo", "LCP ms", "TBT ms", "KB"];
const widths = [16, 6, 6, 6, 6, 8, 8, 6];
const line = (cells) =>
  cells
    .map((cell, i) =>
      String(cell)
        .padStart(i === 0 ? 0 : widths[i])
        .padEnd(i === 0 ? widths[0] : 0),
    )
    .join("");
console.log("\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown), system Chromium");
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  "(The offers pages are noindex by design, kept out of search; Lighthouse's SEO score counts that.)",
);
const bytes = pageScriptsGzip();
console.log(
  `\nInitial JavaScript per page: ${bytes} bytes gzip (budget 100,000; ${(bytes / 100_000).toFixed(2)} of it)`,
);
