import { readFileSync } from "node:fs";
import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compactPng, decodePng, samePixels } from "./support/screens";

/** A picture of docs/screens/ as Chromium would write it: rows Sub-filtered, fast deflate. */
function asChromiumWrites(file: Buffer): Buffer {
  const decoded = decodePng(file);
  if (!decoded) throw new Error("not a picture decodePng reads");
  const { width, height, rgba } = decoded;
  const stride = width * 4;
  const rows = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? (rgba[y * stride + x - 4] ?? 0) : 0;
      rows[y * (stride + 1) + 1 + x] = ((rgba[y * stride + x] ?? 0) - left) & 0xff;
    }
  }
  const idat = deflateSync(rows, { level: 1 });
  const header = file.subarray(8, 8 + 25);
  const rgbaHeader = Buffer.from(header);
  rgbaHeader[8 + 9] = 6;
  // The CRC is not checked by decodePng; compactPng writes its own.
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, body, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    file.subarray(0, 8),
    rgbaHeader,
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("compactPng: docs/screens/ pictures written smaller, the same pixels", () => {
  const screen = readFileSync(new URL("../docs/screens/application-en.png", import.meta.url));
  const chromium = asChromiumWrites(screen);

  it("keeps every pixel, the size and the colour type, in fewer bytes", () => {
    const compact = compactPng(chromium);
    expect(compact).not.toBeNull();
    if (!compact) return;
    expect(compact.length).toBeLessThan(chromium.length * 0.9);
    expect(samePixels(compact, chromium)).toBe(true);
    expect(compact.readUInt32BE(16)).toBe(chromium.readUInt32BE(16));
    expect(compact.readUInt32BE(20)).toBe(chromium.readUInt32BE(20));
    expect(compact[25]).toBe(6);
  });

  it("writes chunks whose CRCs a PNG reader checks", () => {
    const compact = compactPng(chromium);
    if (!compact) throw new Error("no picture");
    for (let at = 8; at < compact.length; ) {
      const length = compact.readUInt32BE(at);
      const typeAndBody = compact.subarray(at + 4, at + 8 + length);
      const crc = compact.readUInt32BE(at + 8 + length);
      expect(crc).toBe(zlibCrc32(typeAndBody));
      at += 12 + length;
    }
    // Its one IDAT inflates to rows of width × 4 bytes, each after its filter byte.
    const width = compact.readUInt32BE(16);
    const height = compact.readUInt32BE(20);
    const idatLength = compact.readUInt32BE(33);
    const raw = inflateSync(compact.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(height * (width * 4 + 1));
  });

  it("returns a file it cannot make smaller as it came, and null for what it cannot read", () => {
    const compact = compactPng(chromium);
    if (!compact) throw new Error("no picture");
    expect(compactPng(compact)).toBe(compact);
    expect(compactPng(Buffer.from("not a png"))).toBeNull();
  });
});

function zlibCrc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
