import { type CommunityOutcome, communityOutcome } from "../../community";

/** Posts JSON to a community endpoint; a network failure is an outcome too ("try again"). */
export async function postCommunity(url: string, body: unknown): Promise<CommunityOutcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data: unknown = await response.json().catch(() => null);
    return communityOutcome(response.status, data, response.headers.get("Retry-After"));
  } catch {
    return { kind: "failed" };
  }
}

/** A chosen file as a data URL (`data:image/png;base64,…`); rejects when it cannot be read. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(reader.error);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The longer side of a review photo as we send it, in pixels: enough for a 64 px thumbnail on any screen. */
const PHOTO_EDGE = 480;

/**
 * A chosen photo redrawn at most PHOTO_EDGE pixels on its longer side and
 * encoded as a JPEG: a phone's 4 MB picture becomes a few tens of kilobytes,
 * and the redrawing leaves behind what the camera hid in the file (the
 * place it was taken, the device). Transparent parts become white.
 */
export async function shrinkPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/jpeg", 0.82),
  );
  if (!blob) throw new Error("The photo could not be encoded");
  return readDataUrl(blob);
}

/** Counts this visit of an article (the server counts a visitor once a day); errors do not matter. */
export function countView(slug: string): void {
  fetch(`/api/articles/${encodeURIComponent(slug)}/views`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    keepalive: true,
  }).catch(() => undefined);
}

type Place = "localStorage" | "sessionStorage";

/**
 * Web storage, read and written only after hydration. Merely touching
 * `window.localStorage` throws in some privacy modes: then nothing is
 * remembered and the page works all the same.
 */
export function readStored(place: Place, key: string): string | null {
  try {
    return window[place].getItem(key);
  } catch {
    return null;
  }
}

export function store(place: Place, key: string, value: string): void {
  try {
    window[place].setItem(key, value);
  } catch {
    // Not remembered.
  }
}
