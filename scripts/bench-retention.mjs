/**
 * The retention rule of events (issue 31, decision 0343), `npm run bench --
 * --retention`: 1,000,000 events (and 10,000 leads with what follows) over
 * the last 800 days, in the order of their time as the server writes them,
 * in bulk as the dashboard's section writes them (dist/bench/funnel.js),
 * and the database's size; then the rule as the server runs it
 * (EVENT_RETENTION_DAYS 400: the older days folded into the funnel's
 * counts, their events, visits and calculator uses deleted), its time and
 * the size after it; then as many new events as were deleted (on
 * PostgreSQL after a plain VACUUM, as autovacuum runs), and the size: the
 * space freed is what they take. SQLite's file after a VACUUM, which the
 * server never runs, last. On SQLite, and on PostgreSQL when DATABASE_URL
 * or TEST_DATABASE_URL names a server.
 */
import { benchDatabaseUrl, figure } from "./bench-common.mjs";

const SEED = { events: 1_000_000, leads: 10_000, days: 800 };
const RETENTION_DAYS = 400;

export async function retentionFigures() {
  const library = await import("../dist/bench/funnel.js");
  const serverUrl = benchDatabaseUrl();
  const engines = [["SQLite", undefined], ...(serverUrl ? [["PostgreSQL", serverUrl]] : [])];
  const results = [];
  for (const [engine, url] of engines) {
    const bench = await library.openBenchStorage(url);
    try {
      const now = new Date();
      const seedStart = performance.now();
      await library.seedDashboard(bench.storage, { ...SEED, inOrder: true }, now);
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const seeded = await library.storageBytes(bench.storage);
      const foldStart = performance.now();
      const folded = await library.foldOldEvents(bench.storage, now, RETENTION_DAYS);
      const foldSeconds = (performance.now() - foldStart) / 1000;
      const retained = await library.storageBytes(bench.storage);
      if (engine === "PostgreSQL") await library.vacuum(bench.storage);
      // The days after: as many events as were deleted, over the last day.
      await library.seedDashboard(
        bench.storage,
        { events: folded.events, leads: 0, days: 1, inOrder: true },
        now,
      );
      const refilled = await library.storageBytes(bench.storage);
      let vacuumed;
      if (engine === "SQLite") {
        await library.vacuum(bench.storage);
        vacuumed = await library.storageBytes(bench.storage);
      }
      results.push({
        engine,
        seedSeconds,
        seeded,
        folded,
        foldSeconds,
        retained,
        refilled,
        vacuumed,
      });
    } finally {
      await bench.close();
    }
  }
  return results;
}

const mb = (name, bytes) => `${(figure(name, bytes) / 1_000_000).toFixed(1)} MB`;

export function printRetention(results) {
  console.log(
    `\nEvents' retention: ${SEED.events.toLocaleString("en")} events and ${SEED.leads.toLocaleString("en")} leads over ${SEED.days} days, EVENT_RETENTION_DAYS ${RETENTION_DAYS}, this machine:`,
  );
  for (const result of results) {
    const { engine, seedSeconds, seeded, folded, foldSeconds, retained, refilled, vacuumed } =
      result;
    const tables = (bytes) =>
      bytes.eventTables === undefined
        ? ""
        : ` (events' tables ${mb("event tables", bytes.eventTables)})`;
    console.log(
      `  ${engine}: after ${SEED.events.toLocaleString("en")} events (written in ${seedSeconds.toFixed(0)} s): ${mb("seeded size", seeded.database)}${tables(seeded)}`,
    );
    console.log(
      `    retention (${foldSeconds.toFixed(1)} s): ${folded.events.toLocaleString("en")} events, ${folded.visits.toLocaleString("en")} visits, ${folded.calculatorUses.toLocaleString("en")} calculator uses before ${folded.keptFrom} folded and deleted: ${mb("retained size", retained.database)}${tables(retained)}${engine === "SQLite" ? `, of which ${mb("free pages", retained.free)} free pages new rows reuse` : ""}`,
    );
    console.log(
      `    then ${folded.events.toLocaleString("en")} new events${engine === "PostgreSQL" ? " (after a plain VACUUM, as autovacuum runs)" : ""}: ${mb("refilled size", refilled.database)}${tables(refilled)}`,
    );
    if (vacuumed) {
      console.log(
        `    the file after a VACUUM (never run by the server): ${mb("vacuumed size", vacuumed.database)}`,
      );
    }
  }
}
