import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestSqlite, type TestStorage, testOutboundRules } from "../test-support";
import { runPartnerCommand } from "./cli";
import { findPartner, partnerByPublishableKey, partnerBySecretKey } from "./partners";

/** The partner tool's commands on a real storage (cli-main.ts only adds opening it). */
let test: TestStorage;
beforeAll(async () => {
  test = await openTestSqlite();
});
afterAll(async () => {
  await test?.cleanup();
});

/** The partner's host at a documentation address: the tool only checks it, nothing connects. */
const rules = testOutboundRules({ "cashfinder.lk": ["192.0.2.8"] });
const run = (...argv: string[]) => runPartnerCommand(test.storage, argv, rules);

function keyIn(lines: string[], label: string): string {
  const line = lines.find((candidate) => candidate.startsWith(`${label}:`));
  if (!line) throw new Error(`no ${label} in:\n${lines.join("\n")}`);
  return line.split(/\s+/).at(-1) ?? "";
}

describe("npm run partner", () => {
  it("creates a partner and prints its keys once; list never shows a secret", async () => {
    const created = await run(
      "create",
      "--name",
      "Ceylon Cash Finder",
      "--payout",
      "sale",
      "--payout-amount",
      "2500",
      "--origin",
      "https://cashfinder.lk",
      "--origin",
      "https://www.cashfinder.lk",
      "--postback-url",
      "https://cashfinder.lk/pb?click={click_id}&status={status}&payout={payout}",
    );
    expect(created.exitCode).toBe(0);
    const secretKey = keyIn(created.out, "secret key");
    const postbackSecret = keyIn(created.out, "postback secret");
    expect((await partnerBySecretKey(test.storage, secretKey))?.id).toBe("ceylon-cash-finder");

    const listed = await run("list");
    expect(listed.out.join("\n")).toContain("Rs. 2500 per sale");
    expect(listed.out.join("\n")).not.toContain(secretKey);
    expect(listed.out.join("\n")).not.toContain(postbackSecret);
    const json = await run("list", "--json");
    expect(JSON.parse(json.out.join("\n"))[0]).toMatchObject({
      id: "ceylon-cash-finder",
      origins: ["https://cashfinder.lk", "https://www.cashfinder.lk"],
    });
    expect(json.out.join("\n")).not.toContain(secretKey);
  });

  it("rotates the secret key, and the publishable key only when asked", async () => {
    const created = await run(
      "create",
      "--id",
      "rotator",
      "--name",
      "Rotator",
      "--payout",
      "lead",
      "--payout-amount",
      "300",
    );
    const oldSecret = keyIn(created.out, "secret key");
    const oldPublishable = keyIn(created.out, "publishable key");
    const rotated = await run("rotate", "rotator");
    expect(rotated.exitCode).toBe(0);
    expect(rotated.out.some((line) => line.startsWith("publishable key:"))).toBe(false);
    const newSecret = keyIn(rotated.out, "secret key");
    expect(await partnerBySecretKey(test.storage, oldSecret)).toBeUndefined();
    expect((await partnerBySecretKey(test.storage, newSecret))?.id).toBe("rotator");
    expect((await partnerByPublishableKey(test.storage, oldPublishable))?.id).toBe("rotator");

    const all = await run("rotate", "rotator", "--all");
    expect(await partnerByPublishableKey(test.storage, oldPublishable)).toBeUndefined();
    expect(keyIn(all.out, "postback secret")).toMatch(/^whsec_/);
  });

  it("updates, disables and enables", async () => {
    await run(
      "create",
      "--id",
      "changing",
      "--name",
      "C",
      "--payout",
      "lead",
      "--payout-amount",
      "1",
    );
    const updated = await run("update", "changing", "--payout-amount", "450", "--no-postback");
    expect(updated.out.join("\n")).toContain("Rs. 450 per lead");
    expect((await run("disable", "changing")).out[0]).toBe("changing (disabled)");
    expect((await run("enable", "changing")).out[0]).toBe("changing");
  });

  it("turns the offers-ready postback on and off (issue 30)", async () => {
    const created = await run(
      "create",
      "--id",
      "ready-now",
      "--name",
      "Ready Now",
      "--payout",
      "lead",
      "--payout-amount",
      "1",
      "--offers-ready",
    );
    expect(created.out).toContainEqual(expect.stringMatching(/^ {2}offers ready: +on since 20/));
    expect((await findPartner(test.storage, "ready-now"))?.offersReadySince).not.toBeNull();
    const off = await run("update", "ready-now", "--no-offers-ready");
    expect(off.out).toContain("  offers ready:    off");
    expect((await findPartner(test.storage, "ready-now"))?.offersReadySince).toBeNull();
    const on = await run("update", "ready-now", "--offers-ready");
    expect(on.out).toContainEqual(expect.stringMatching(/^ {2}offers ready: +on since 20/));
    const both = await run("update", "ready-now", "--offers-ready", "--no-offers-ready");
    expect(both.exitCode).toBe(2);
    expect((await run("--help")).out.join("\n")).toContain("offers_ready");
  });

  it("answers mistakes with a message and exit code 2 (usage) or 1 (refused)", async () => {
    expect((await run()).exitCode).toBe(2);
    expect((await run("--help")).exitCode).toBe(0);
    const missing = await run("create", "--name", "X", "--payout", "lead");
    expect(missing).toMatchObject({ exitCode: 2 });
    expect(missing.err[0]).toContain("--payout-amount");
    expect((await run("create", "--bogus")).exitCode).toBe(2);
    expect((await run("frobnicate")).exitCode).toBe(2);
    const badOrigin = await run(
      "create",
      "--name",
      "Bad",
      "--payout",
      "lead",
      "--payout-amount",
      "1",
      "--origin",
      "javascript:alert(1)",
    );
    expect(badOrigin.exitCode).toBe(1);
    expect(badOrigin.err[0]).toContain("origins.0");
    expect((await run("rotate", "nobody")).exitCode).toBe(1);
    for (const postbackUrl of [
      "http://127.0.0.1:8080/pb",
      "https://localhost:6379/",
      "ftp://x.lk/",
    ]) {
      const inside = await run("update", "changing", "--postback-url", postbackUrl);
      expect(inside.exitCode).toBe(1);
      expect(inside.err[0]).toMatch(/^Invalid partner: postbackUrl /);
    }
    const plainHttp = await runPartnerCommand(
      test.storage,
      ["update", "changing", "--postback-url", "http://cashfinder.lk/pb"],
      { ...rules, allowHttp: false },
    );
    expect(plainHttp).toMatchObject({
      exitCode: 1,
      err: ["Invalid partner: postbackUrl must be https"],
    });
    expect((await run("rotate")).exitCode).toBe(2);
  });

  it("creates a pending partner whose keys work once approved, and answers sign-ups", async () => {
    const created = await run(
      "create",
      "--name",
      "Waiting Deals",
      "--payout",
      "lead",
      "--payout-amount",
      "300",
      "--pending",
    );
    expect(created.exitCode).toBe(0);
    expect(created.out[0]).toBe("waiting-deals (pending)");
    const secretKey = keyIn(created.out, "secret key");
    expect(await partnerBySecretKey(test.storage, secretKey)).toBeUndefined();
    const approved = await run("approve", "waiting-deals");
    expect(approved).toMatchObject({ exitCode: 0, out: expect.arrayContaining(["waiting-deals"]) });
    expect((await partnerBySecretKey(test.storage, secretKey))?.id).toBe("waiting-deals");
    const again = await run("reject", "waiting-deals");
    expect(again.exitCode).toBe(1);
    expect(again.err.join("\n")).toMatch(/not waiting for approval/);
  });
});
