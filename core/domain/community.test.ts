import { describe, expect, it } from "vitest";
import { parseReviewImage, REVIEW_IMAGE_MAX_BYTES } from "./community";

/** A 1×1 transparent PNG. */
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("parseReviewImage", () => {
  it("takes a PNG, JPEG or WebP data URL whose bytes are that format", () => {
    expect(parseReviewImage(`data:image/png;base64,${TINY_PNG}`)?.contentType).toBe("image/png");
    const jpeg = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 0, 16));
    expect(parseReviewImage(`data:image/jpeg;base64,${jpeg}`)?.contentType).toBe("image/jpeg");
    const webp = btoa("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");
    expect(parseReviewImage(`data:image/webp;base64,${webp}`)?.contentType).toBe("image/webp");
  });

  it("refuses a type that lies, other types, other URLs and oversized images", () => {
    expect(parseReviewImage(`data:image/jpeg;base64,${TINY_PNG}`)).toBeUndefined();
    const script = btoa("<script>alert(1)</script>");
    expect(parseReviewImage(`data:image/png;base64,${script}`)).toBeUndefined();
    expect(parseReviewImage(`data:image/svg+xml;base64,${script}`)).toBeUndefined();
    expect(parseReviewImage("https://example.lk/photo.png")).toBeUndefined();
    expect(parseReviewImage(`data:image/png;base64,${TINY_PNG}!`)).toBeUndefined();
    const big = btoa(
      String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) +
        "x".repeat(REVIEW_IMAGE_MAX_BYTES),
    );
    expect(parseReviewImage(`data:image/png;base64,${big}`)).toBeUndefined();
  });
});
