/**
 * `npm run demo` (after `npm run build`): the sandbox lenders and the
 * server together on this machine, on one storage (DATA_DIR, ./data by
 * default, or DATABASE_URL), and the addresses to try the whole loop:
 * apply, read the code with `npm run outbox`, watch the lenders decide,
 * click out to a sandbox lender's apply page, mark the loan issued.
 * The sandbox registers its lenders first, so the server reads them at
 * start; the server runs with NODE_ENV=development, the only mode in
 * which it calls lenders on loopback (docs/decisions/0113). Between the
 * two, `npm run sandbox -- seed-history` writes 90 days of synthetic
 * decisions (a labelled sample, replacing the last demo's), so the server's
 * count at start gives the pages approval odds (issue 36, decision 0460).
 * Ctrl-C stops both (the sandbox pauses its lenders).
 */
import { spawn, spawnSync } from "node:child_process";

const env = {
  ...process.env,
  NODE_ENV: "development",
  PORT: process.env.PORT ?? "3000",
  DATA_DIR: process.env.DATA_DIR ?? "./data",
};
const children = [];

/** Starts a built entry, prefixing its lines, and resolves once a line matches `ready`. */
function start(name, file, ready) {
  const child = spawn(process.execPath, ["--enable-source-maps", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const print = (stream) => (chunk) => {
    output += chunk;
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      stream.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.on("data", print(process.stdout));
  child.stderr.on("data", print(process.stderr));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = output.match(ready);
      if (match) resolve({ child, match, output: () => output });
    });
    child.on("exit", (code) =>
      reject(new Error(`${name} exited with ${code} before it was ready`)),
    );
  });
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  let left = children.filter((child) => child.exitCode === null).length;
  if (left === 0) process.exit(code);
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.on("exit", () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill("SIGTERM");
  }
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

try {
  const sandbox = await start("sandbox", "dist/sandbox/sandbox.js", /Sandbox ready/);
  const seeded = spawnSync(
    process.execPath,
    ["--enable-source-maps", "dist/sandbox/sandbox.js", "seed-history"],
    { env, encoding: "utf8" },
  );
  for (const line of `${seeded.stdout}${seeded.stderr}`.split("\n").filter(Boolean)) {
    process.stdout.write(`[seed] ${line}\n`);
  }
  if (seeded.status !== 0) throw new Error("seeding the demo's decision history failed");
  const server = await start(
    "server",
    "dist/server/main.js",
    /running at (http:\/\/localhost:\d+)\//,
  );
  const base = server.match[1];
  const lenders = [...sandbox.output().matchAll(/^\s+(sandbox-[a-z]+)\s+(http:\/\/\S+)/gm)];
  console.log(`
NayaCompare with ${lenders.length} sandbox lenders, on ${env.DATABASE_URL ? "DATABASE_URL" : env.DATA_DIR}:

  Apply (English):        ${base}/en/application/
  Apply (Sinhala):        ${base}/application/
  The SMS code:           npm run outbox   (in another terminal)
  Your offers:            ${base}/en/offers/
  Approval odds (method): ${base}/en/approval-odds/
  Calibration (staff):    ${base}/admin/approval-odds/   (npm run staff -- create … first)
  Decision API (lenders): ${base}/api/lenders/v1/openapi.json
  Sandbox lenders:
${lenders.map(([, id, url]) => `    ${id.padEnd(16)} ${url}`).join("\n")}

Each approval's "Get this offer" opens the lender's sandbox apply page, whose buttons
post approved, rejected or issued back to ${base}/api/postback. Ctrl-C stops both.
`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
}
