/**
 * Images people upload (a review's photo, a lender's logo): PNG, JPEG or
 * WebP, taken only when their bytes are that format. The type a file or a
 * data URL claims is never trusted on its own: a script renamed .png, or an
 * SVG (which can carry script), is refused.
 */
export const UPLOADED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type UploadedImageType = (typeof UPLOADED_IMAGE_TYPES)[number];

export interface UploadedImage {
  contentType: UploadedImageType;
  bytes: Uint8Array;
}

/** The format the first bytes say (WebP: "RIFF", 4 bytes of size, "WEBP"), or undefined. */
export function sniffImageType(bytes: Uint8Array): UploadedImageType | undefined {
  const starts = (offset: number, ...expected: number[]) =>
    expected.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return undefined;
}

/** Bytes of up to maxBytes whose content is a PNG, JPEG or WebP, with that type; or undefined. */
export function checkImageBytes(bytes: Uint8Array, maxBytes: number): UploadedImage | undefined {
  if (bytes.length === 0 || bytes.length > maxBytes) return undefined;
  const contentType = sniffImageType(bytes);
  return contentType ? { contentType, bytes } : undefined;
}

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * An image sent as a data URL: its type and bytes when the URL is a JPEG,
 * PNG or WebP of up to maxBytes whose content really is the format it
 * names; or undefined. A huge URL is refused before it is decoded.
 */
export function parseImageDataUrl(dataUrl: string, maxBytes: number): UploadedImage | undefined {
  const match = DATA_URL.exec(dataUrl);
  const declared = match?.[1];
  const base64 = match?.[2];
  if (!declared || !base64) return undefined;
  if ((base64.length * 3) / 4 > maxBytes + 3) return undefined;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    // A length no base64 has ("A", "AAAAA"): not an image, and never an exception.
    return undefined;
  }
  const image = checkImageBytes(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    maxBytes,
  );
  return image?.contentType === declared ? image : undefined;
}

/** The data URL of an image's bytes (the inverse of parseImageDataUrl). */
export function imageDataUrl(image: UploadedImage): string {
  let binary = "";
  for (const byte of image.bytes) binary += String.fromCharCode(byte);
  return `data:${image.contentType};base64,${btoa(binary)}`;
}
