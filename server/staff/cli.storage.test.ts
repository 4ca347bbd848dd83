import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage } from "../storage/database";
import { openTestSqlite, silentLog, type TestStorage, testOutbox } from "../test-support";
import { auditEntries } from "./audit";
import { runStaffCommand } from "./cli";
import { enrolmentOf } from "./staff";

/** The staff tool's commands on a real storage (cli-main.ts only adds opening it). */
let test: TestStorage;
beforeAll(async () => {
  test = await openTestSqlite();
});
afterAll(async () => {
  await test?.cleanup();
});

const NOW = new Date("2026-11-21T06:00:00.000Z");
const outbox = testOutbox();
const run = (...argv: string[]) =>
  runStaffCommand(test.storage, argv, {
    origin: "https://nayacompare.lk",
    messenger: outbox.messenger,
    now: () => NOW,
  });

const tokenIn = (lines: string[]) =>
  /\/admin\/enrol\/\?token=([\w-]{43})$/.exec(
    lines.find((line) => line.includes("token=")) ?? "",
  )?.[1];

describe("npm run staff", () => {
  it("creates a member and prints their one-time link once; list never shows it", async () => {
    const created = await run("create", "--email", "Owner@NayaCompare.lk", "--role", "admin");
    expect(created.exitCode).toBe(0);
    const token = tokenIn(created.out);
    expect(token).toBeDefined();
    expect(created.out.join("\n")).toContain("https://nayacompare.lk/admin/enrol/?token=");
    expect(created.out.join("\n")).toContain("no e-mail transport is configured");
    // The local outbox is no transport: the link is not copied there.
    expect(outbox.messages()).toEqual([]);
    expect((await enrolmentOf(test.storage, token ?? "", NOW))?.email).toBe("owner@nayacompare.lk");

    const listed = await run("list");
    expect(listed.out).toEqual([
      "owner@nayacompare.lk  admin  waiting for their password  two-step off  never signed in",
    ]);
    expect(JSON.parse((await run("list", "--json")).out.join("\n"))[0]).toMatchObject({
      email: "owner@nayacompare.lk",
      role: "admin",
      status: "invited",
    });
  });

  it("changes roles, disables and enables, and gives new links; each in the audit log", async () => {
    await run("create", "--email", "mod@nayacompare.lk", "--role", "moderator");
    expect((await run("role", "mod@nayacompare.lk", "analyst")).out[0]).toContain("analyst");
    expect((await run("disable", "mod@nayacompare.lk")).out[0]).toContain("disabled");
    expect((await run("enable", "mod@nayacompare.lk")).out[0]).toContain("waiting");
    const first = tokenIn((await run("link", "mod@nayacompare.lk")).out);
    const second = tokenIn((await run("link", "mod@nayacompare.lk")).out);
    expect(await enrolmentOf(test.storage, first ?? "", NOW)).toBeUndefined();
    expect(await enrolmentOf(test.storage, second ?? "", NOW)).toBeDefined();
    const { entries } = await auditEntries(test.storage.db, {
      actor: "command-line",
      limit: 50,
      offset: 0,
    });
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      [
        "staff.create",
        "staff.create",
        "staff.disable",
        "staff.enable",
        "staff.link",
        "staff.link",
        "staff.role",
      ].sort(),
    );
  });

  it("refuses what it cannot do, with the reason", async () => {
    const lastAdmin = await run("role", "owner@nayacompare.lk", "moderator");
    expect(lastAdmin).toMatchObject({ exitCode: 1, err: ["That would leave no active admin."] });
    expect((await run("disable", "nobody@nayacompare.lk")).err).toEqual([
      "There is no such member.",
    ]);
    expect((await run("create", "--email", "x@nayacompare.lk", "--role", "owner")).exitCode).toBe(
      2,
    );
    expect((await run("create", "--email", "not-an-email", "--role", "analyst")).err).toEqual([
      "That is not an e-mail address.",
    ]);
    expect((await run("frobnicate")).exitCode).toBe(2);
    expect((await run()).exitCode).toBe(2);
    expect((await run("--help")).exitCode).toBe(0);
  });

  it("rotate-data-key re-wraps every data key under DATA_KEY, opening those DATA_KEY_PREVIOUS wrapped", async () => {
    const next = randomBytes(32);
    // As `npm run staff` starts with DATA_KEY=next and DATA_KEY_PREVIOUS=the old key.
    const rotating = openStorage({
      dataDir: test.dataDir,
      dataKey: next,
      previousDataKey: test.installationKey,
      log: silentLog,
    });
    try {
      await rotating.migrate();
      const staff = (argv: string[]) =>
        runStaffCommand(rotating, argv, {
          origin: "https://nayacompare.lk",
          messenger: outbox.messenger,
          now: () => NOW,
        });
      const keys = await rotating.db.selectFrom("data_keys").select("id").execute();
      const rotated = await staff(["rotate-data-key"]);
      expect(rotated).toMatchObject({ exitCode: 0, err: [] });
      expect(rotated.out).toEqual([
        `Re-wrapped ${keys.length} data keys under the installation key ${rotating.keys.currentId}.`,
        "None is left under another key: DATA_KEY_PREVIOUS, and the old key, may go.",
      ]);
      const again = await staff(["rotate-data-key"]);
      expect(again.out[0]).toBe(
        `Every data key was already wrapped by the installation key ${rotating.keys.currentId}.`,
      );
      const { entries } = await auditEntries(rotating.db, {
        action: "data_key.rotate",
        limit: 10,
        offset: 0,
      });
      expect(entries.map((entry) => entry.subject)).toEqual([
        `installation-key:${rotating.keys.currentId}`,
        `installation-key:${rotating.keys.currentId}`,
      ]);
    } finally {
      await rotating.close();
    }
    // The old key no longer opens this database.
    const stale = openStorage({ dataDir: test.dataDir, log: silentLog });
    try {
      await expect(stale.migrate()).rejects.toThrow(/wrapped by the installation key/);
    } finally {
      await stale.close();
    }
  });
});
