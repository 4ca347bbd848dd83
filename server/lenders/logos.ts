/**
 * Lenders' logos (issue 15, docs/decisions/0102): an uploaded PNG, JPEG or
 * WebP of up to 200 KB, checked by its bytes (core/helpers/image-bytes.ts, as
 * review photos), kept in `lender_logos` and served at /lenders/{id}/logo;
 * a lender without one gets its monogram there, drawn as an SVG.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { LENDER_ID_PATTERN } from "../../core/domain/schemas/offer";
import {
  checkImageBytes,
  parseImageDataUrl,
  type UploadedImage,
} from "../../core/helpers/image-bytes";
import { lenderMonogram } from "../../core/helpers/monogram";
import type { Storage } from "../storage/database";

export const LOGO_MAX_BYTES = 200_000;

export const LOGO_PROBLEM = "a PNG, JPEG or WebP of up to 200 KB";

/** Where a lender's logo is served (the uploaded image, or its monogram). */
export function lenderLogoPath(id: string): string {
  return `/lenders/${id}/logo`;
}

/**
 * A logo as an import file gives it: a data URL, or a path relative to the
 * file's folder (an absolute path is refused, so a folder of records and
 * logos can move). Answers the checked image, or a problem in words.
 */
export async function readLogoSource(
  source: string,
  baseDir: string,
): Promise<UploadedImage | string> {
  if (source.startsWith("data:")) {
    return parseImageDataUrl(source, LOGO_MAX_BYTES) ?? `must be ${LOGO_PROBLEM}`;
  }
  if (path.isAbsolute(source)) return "must be a data URL or a path relative to the JSON file";
  let bytes: Buffer;
  try {
    bytes = await readFile(path.resolve(baseDir, source));
  } catch {
    return `cannot read ${source} beside the JSON file`;
  }
  return (
    checkImageBytes(new Uint8Array(bytes), LOGO_MAX_BYTES) ?? `${source} must be ${LOGO_PROBLEM}`
  );
}

/** The monogram as an image: our own drawing, initials and colour only (never a lender's text). */
export function monogramSvg(id: string, englishName: string): string {
  const { initials, colour } = lenderMonogram(id, englishName);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="${colour}"/><text x="24" y="24" dy=".35em" fill="#fff" font-family="system-ui,sans-serif" font-size="18" font-weight="700" text-anchor="middle">${initials}</text></svg>`;
}

export type LogoImage = { contentType: string; data: Buffer };

/**
 * What /lenders/{id}/logo shows: the uploaded image, or else the monogram;
 * nothing for an unknown id or a draft (not public yet).
 */
export async function lenderLogoImage(
  storage: Storage,
  id: string,
): Promise<LogoImage | undefined> {
  if (!LENDER_ID_PATTERN.test(id)) return undefined;
  const row = await storage.db
    .selectFrom("lenders")
    .leftJoin("lender_logos", "lender_logos.lender_id", "lenders.id")
    .select(["lenders.names", "lenders.status", "lender_logos.content_type", "lender_logos.data"])
    .where("lenders.id", "=", id)
    .executeTakeFirst();
  if (!row || row.status === "draft") return undefined;
  if (row.content_type && row.data) {
    return { contentType: row.content_type, data: Buffer.from(row.data) };
  }
  const names = JSON.parse(row.names) as { en: string };
  return { contentType: "image/svg+xml", data: Buffer.from(monogramSvg(id, names.en)) };
}
