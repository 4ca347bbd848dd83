import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { KEY_BYTES, parseInstallationKey } from "./personal-crypto";

/**
 * The installation key's file (decision 0335): DATA_DIR/data.key, made on
 * the first start without DATA_KEY, readable by this user only. The
 * database never holds it; a backup of the database alone opens nothing.
 */
export const DATA_KEY_FILE = "data.key";

/**
 * The key in DATA_DIR's key file, made (32 random bytes, base64, mode
 * 0600) when there is none. Instances started at once on one DATA_DIR
 * agree: the file appears whole or not at all (written aside, then linked),
 * and the one that finds it there reads it. A key file others may read, or
 * one that holds no key, stops the start.
 */
export function installationKeyFromFile(dataDir: string): Buffer {
  if (!dataDir) {
    throw new Error("No installation key: set DATA_KEY, or DATA_DIR for its key file");
  }
  const file = path.join(dataDir, DATA_KEY_FILE);
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `${file} may be read by other users (mode ${mode.toString(8)}): chmod 600 it, as it holds the installation key`,
    );
  }
  const key = parseInstallationKey(readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold a key (32 bytes, base64)`);
  return key;
}
