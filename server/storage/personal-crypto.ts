import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * The cryptography of personal data (decision 0335), pure: AES-256-GCM
 * through node:crypto. Each lead and each contact has a data key of its
 * own; data keys are stored wrapped (encrypted) by the installation key
 * (DATA_KEY, or DATA_DIR's key file), which is never in the database.
 * Every sealed value names what it belongs to (its key's id and its
 * column) as associated data, so a value moved to another row or column
 * does not open.
 */

/** Bytes of the installation key and of every data key: AES-256. */
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The prefix of a sealed text: the format's version. */
const SEALED_PREFIX = "s1.";

/**
 * The installation key from its text: 32 bytes as base64 (what
 * `openssl rand -base64 32` prints) or as 64 hexadecimal digits; else
 * undefined.
 */
export function parseInstallationKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, "base64");
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

/** An installation key as this module uses it: the key that wraps, and its public id. */
export interface WrappingKey {
  /** 16 hexadecimal digits derived from the key (not the key): which key wrapped a data key. */
  readonly id: string;
  readonly key: Buffer;
}

/**
 * The wrapping key and id of an installation key, each derived with HKDF
 * (SHA-256) under a label of its own: the installation key itself is used
 * for nothing else.
 */
export function wrappingKeyOf(installationKey: Buffer): WrappingKey {
  if (installationKey.length !== KEY_BYTES) {
    throw new Error(`The installation key must be ${KEY_BYTES} bytes`);
  }
  const derive = (label: string, bytes: number) =>
    Buffer.from(hkdfSync("sha256", installationKey, Buffer.alloc(0), label, bytes));
  return {
    id: derive("nayacompare installation key id", 8).toString("hex"),
    key: derive("nayacompare data key wrapping", KEY_BYTES),
  };
}

/** A new random data key. */
export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

function encrypt(key: Buffer, associated: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function decrypt(key: Buffer, associated: string, sealed: Uint8Array): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("A sealed value is too short");
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** A data key wrapped by the installation's wrapping key, as stored (base64url), bound to its id. */
export function wrapDataKey(wrapping: WrappingKey, keyId: string, dataKey: Buffer): string {
  return encrypt(wrapping.key, `data-key:${keyId}`, dataKey).toString("base64url");
}

/** The data key a wrapped one holds; throws if the wrapping key or the id is not the one it was made with. */
export function unwrapDataKey(wrapping: WrappingKey, keyId: string, wrapped: string): Buffer {
  const key = decrypt(wrapping.key, `data-key:${keyId}`, Buffer.from(wrapped, "base64url"));
  if (key.length !== KEY_BYTES) throw new Error("A wrapped data key is not 32 bytes");
  return key;
}

/** A text sealed under a data key, bound to what it is (`context`: key id and column). */
export function sealText(dataKey: Buffer, context: string, text: string): string {
  return `${SEALED_PREFIX}${encrypt(dataKey, context, Buffer.from(text, "utf8")).toString("base64url")}`;
}

/** Whether a stored text is sealed (the empty text of an erased comment is not). */
export function isSealedText(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** The text sealText made; throws for another key or context, or a changed value. */
export function openText(dataKey: Buffer, context: string, sealed: string): string {
  if (!isSealedText(sealed)) throw new Error("Not a sealed value");
  return decrypt(
    dataKey,
    context,
    Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url"),
  ).toString("utf8");
}

/** Bytes (a photo) sealed under a data key, bound to `context`. */
export function sealBytes(dataKey: Buffer, context: string, bytes: Uint8Array): Buffer {
  return encrypt(dataKey, context, Buffer.from(bytes));
}

export function openBytes(dataKey: Buffer, context: string, sealed: Uint8Array): Buffer {
  return decrypt(dataKey, context, sealed);
}

/** What is looked up by a keyed hash: a contact, or a browser's push endpoint. */
export type LookupKind = "email" | "phone" | "endpoint";

/**
 * The keyed hash (HMAC-SHA256, hex) a value is looked up by without being
 * stored in the clear: an erasure finds a lead by its phone or e-mail, a
 * contact's data key by its e-mail, a push subscription by its endpoint.
 * `hashKey` is the installation's hash key (data-keys.ts), never stored in
 * the clear.
 */
export function lookupHash(hashKey: string, kind: LookupKind, value: string): string {
  return createHmac("sha256", hashKey).update(`lookup:${kind}:${value}`).digest("hex");
}
