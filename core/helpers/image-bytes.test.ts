import { describe, expect, it } from "vitest";
import { checkImageBytes, imageDataUrl, parseImageDataUrl, sniffImageType } from "./image-bytes";

/** A 1×1 transparent PNG. */
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const bytesOf = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const PNG_HEAD = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

describe("sniffImageType", () => {
  it("knows PNG, JPEG and WebP by their first bytes", () => {
    expect(sniffImageType(bytesOf(atob(TINY_PNG)))).toBe("image/png");
    expect(sniffImageType(bytesOf("\xff\xd8\xff\xe0\u0000\u0010JFIF"))).toBe("image/jpeg");
    expect(sniffImageType(bytesOf("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  });

  it("knows nothing else: SVG, GIF, HTML, RIFF that is not WebP, short or empty files", () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      "GIF89a\u0001\u0000\u0001\u0000",
      "<!doctype html><script>alert(1)</script>",
      "RIFF\u0000\u0000\u0000\u0000WAVEfmt ",
      PNG_HEAD.slice(0, 7),
      "\xff\xd8",
      "",
    ]) {
      expect(sniffImageType(bytesOf(text)), JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe("checkImageBytes", () => {
  it("takes an image of up to the limit, and nothing bigger or empty", () => {
    const png = bytesOf(PNG_HEAD + "x".repeat(92));
    expect(checkImageBytes(png, 100)?.contentType).toBe("image/png");
    expect(checkImageBytes(png, 99)).toBeUndefined();
    expect(checkImageBytes(new Uint8Array(0), 100)).toBeUndefined();
  });
});

describe("parseImageDataUrl", () => {
  it("takes a data URL whose bytes are the format it names, and gives them back", () => {
    const image = parseImageDataUrl(`data:image/png;base64,${TINY_PNG}`, 200_000);
    expect(image?.contentType).toBe("image/png");
    expect(image && imageDataUrl(image)).toBe(`data:image/png;base64,${TINY_PNG}`);
  });

  it("refuses a type that lies, other URLs, bad base64 and oversized images, without throwing", () => {
    expect(parseImageDataUrl(`data:image/jpeg;base64,${TINY_PNG}`, 200_000)).toBeUndefined();
    expect(parseImageDataUrl(`data:image/gif;base64,${TINY_PNG}`, 200_000)).toBeUndefined();
    expect(parseImageDataUrl("https://example.lk/logo.png", 200_000)).toBeUndefined();
    for (const base64 of ["A", "AAAAA", `${TINY_PNG}!`, ""]) {
      expect(parseImageDataUrl(`data:image/png;base64,${base64}`, 200_000)).toBeUndefined();
    }
    expect(parseImageDataUrl(`data:image/png;base64,${TINY_PNG}`, 60)).toBeUndefined();
  });
});
