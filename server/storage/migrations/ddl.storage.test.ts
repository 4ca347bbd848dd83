import BetterSqlite3 from "better-sqlite3";
import { Kysely, type KyselyConfig, PostgresDialect, SqliteDialect, sql } from "kysely";
import { type Migration, Migrator, NO_MIGRATIONS } from "kysely/migration";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { POSTGRES_SKIPPED, testEnv } from "../../test-support";
import type { Engine } from "../database";
import { migrationsFor } from "./index";

/**
 * What the migrations say to each engine, to the letter (decision 0339):
 * every statement of a fresh database migrated to the latest and back to
 * nothing, under each migration's name, and the schema it has at the
 * latest. A migration that has run in production must never say anything
 * else, whatever tables.ts, column-types.ts and the other code it shares become. A
 * new migration adds its own lines to the snapshots (`vitest run -u`, then
 * read the diff: no other line may move).
 */

/**
 * Migrates a fresh database to the latest and back to nothing through the
 * migrator, as Storage.migrate() does, keeping the statements each
 * migration makes (the migrator's own bookkeeping aside), under its name;
 * `schemaOf` reads the schema at the latest. The snapshot's text.
 */
async function ddlOf(
  engine: Engine,
  open: (log: NonNullable<KyselyConfig["log"]>) => Kysely<unknown>,
  schemaOf: (db: Kysely<unknown>) => Promise<string[]>,
): Promise<string> {
  const statements: string[] = [];
  let recording = false;
  const kysely = open((event) => {
    if (recording) statements.push(event.query.sql);
  });
  const logged =
    (name: string, step: "up" | "down", run: Migration["up"]) => async (db: Kysely<unknown>) => {
      statements.push(`-- ${name} ${step}`);
      recording = true;
      try {
        await run(db);
      } finally {
        recording = false;
      }
    };
  const migrations = Object.fromEntries(
    Object.entries(migrationsFor(engine, Buffer.alloc(32, 7))).map(([name, migration]) => [
      name,
      {
        up: logged(name, "up", migration.up),
        down: logged(name, "down", migration.down ?? (async () => {})),
      },
    ]),
  );
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
  });
  try {
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const upStatements = statements.splice(0);
    const schema = await schemaOf(kysely);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    return section("up", upStatements) + section("schema", schema) + section("down", statements);
  } finally {
    await kysely.destroy();
  }
}

const section = (title: string, lines: readonly string[]) =>
  `-- ${title}\n${lines.map((line) => (line.startsWith("-- ") ? line : `${line};`)).join("\n")}\n`;

describe("the migrations' DDL", () => {
  it("is what it always was on SQLite", async () => {
    const database = new BetterSqlite3(":memory:");
    const ddl = await ddlOf(
      "sqlite",
      (log) => new Kysely({ dialect: new SqliteDialect({ database }), log }),
      async (db) => {
        const schema = await sql<{ sql: string }>`
          select sql from sqlite_master where name not like 'kysely_migration%' and sql is not null
          order by type, name`.execute(db);
        return schema.rows.map((row) => row.sql);
      },
    );
    await expect(ddl).toMatchFileSnapshot("__snapshots__/ddl.sqlite.snap");
  });

  const serverUrl = testEnv.databaseUrl;
  describe.skipIf(!serverUrl)(serverUrl ? "with TEST_DATABASE_URL" : POSTGRES_SKIPPED, () => {
    it("is what it always was on PostgreSQL", async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const name = `nayacompare_ddl_${process.pid}_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl ?? "");
      url.pathname = `/${name}`;
      try {
        const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
        const ddl = await ddlOf(
          "postgres",
          (log) => new Kysely({ dialect: new PostgresDialect({ pool }), log }),
          async (db) => {
            const schema = await sql<{ line: string }>`
              select line from (
                select 1 as kind, table_name as name, ordinal_position as position,
                  concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default)
                    as line
                from information_schema.columns where table_schema = 'public'
                union all
                select 2, conrelid::regclass::text || ' ' || conname, 0,
                  conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                from pg_constraint where connamespace = 'public'::regnamespace
                union all
                select 3, indexname, 0, indexdef from pg_indexes where schemaname = 'public'
              ) as schema
              where line not like '%kysely_migration%'
              order by kind, name, position`.execute(db);
            return schema.rows.map((row) => row.line);
          },
        );
        await expect(ddl).toMatchFileSnapshot("__snapshots__/ddl.postgres.snap");
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    });
  });
});
