import { postJson } from "../../../widget/runtime/http";
import { clientId } from "../../../widget/runtime/visitor-ids";
import { type CommunityOutcome, communityOutcome } from "../../community";

/** Posts JSON to a community endpoint; a network failure is an outcome too ("try again"). */
export async function postCommunity(url: string, body: unknown): Promise<CommunityOutcome> {
  const response = await postJson(url, body);
  if (response.status === 0) return { kind: "failed" };
  return communityOutcome(response.status, response.data, response.ok ? null : response.retryAfter);
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

/**
 * The server counts views and ratings only for a visitor with a client id
 * cookie (issue 14); the page's tracking writes it too, but may not have
 * run yet on a first visit. Cookies refused: the call goes without it.
 */
function ensureVisitor(): void {
  try {
    clientId();
  } catch {
    // not counted
  }
}

/** Counts this visit of an article (the server counts a visitor once a day); errors do not matter. */
export function countView(slug: string): void {
  ensureVisitor();
  void postJson(`/api/articles/${encodeURIComponent(slug)}/views`, {}, { keepalive: true });
}

/** Rates an article for this visitor (one rating each; choosing again changes it). */
export function rateArticle(slug: string, rating: number): Promise<CommunityOutcome> {
  ensureVisitor();
  return postCommunity(`/api/articles/${encodeURIComponent(slug)}/rating`, { rating });
}
