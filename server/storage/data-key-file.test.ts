import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DATA_KEY_FILE, installationKeyFromFile } from "./data-key-file";

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), "nayacompare-key-"));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe("DATA_DIR's key file", () => {
  it("is made on first use, readable by this user only, and read the same after", () => {
    const dataDir = path.join(folder(), "nested");
    const key = installationKeyFromFile(dataDir);
    expect(key).toHaveLength(32);
    expect(statSync(path.join(dataDir, DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(installationKeyFromFile(dataDir)).toEqual(key);
    // Nothing left over from making it.
    expect(readdirSync(dataDir)).toEqual([DATA_KEY_FILE]);
  });

  it("is one key for instances that start at once on one folder", async () => {
    const dataDir = folder();
    const keys = await Promise.all(
      Array.from({ length: 8 }, async () => installationKeyFromFile(dataDir)),
    );
    for (const key of keys) expect(key).toEqual(keys[0]);
  });

  it("stops the start when others may read it, or when it holds no key", () => {
    const dataDir = folder();
    const file = path.join(dataDir, DATA_KEY_FILE);
    installationKeyFromFile(dataDir);
    chmodSync(file, 0o644);
    expect(() => installationKeyFromFile(dataDir)).toThrow(/may be read by other users.*chmod 600/);
    writeFileSync(file, "not a key\n", { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(() => installationKeyFromFile(dataDir)).toThrow(/does not hold a key/);
  });

  it("needs a folder: without DATA_DIR or DATA_KEY there is no key", () => {
    expect(() => installationKeyFromFile("")).toThrow(/set DATA_KEY/);
  });
});
