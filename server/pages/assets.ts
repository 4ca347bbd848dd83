import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { localeSchema } from "../../core/locale";
import type { AssetManifest } from "../../core/views/site-contract";

const localeFiles = z.partialRecord(
  localeSchema,
  z.array(z.string().startsWith("/assets/")).min(1),
);

const manifestSchema = z.object({
  buildId: z.string().regex(/^[0-9a-f]{12}$/),
  builtAt: z.iso.datetime(),
  scripts: z.array(z.string().startsWith("/assets/")),
  islands: z.record(z.string(), z.array(z.string().startsWith("/assets/")).min(1)).optional(),
  // Each locale's catalog chunk and its imports, for the app and for islands (decision 0326).
  catalogs: localeFiles.optional(),
  islandCatalogs: localeFiles.optional(),
  // The conversion islands' own chunks, by entry (decision 0470).
  entryCatalogs: z.record(z.string(), localeFiles).optional(),
  styles: z.array(z.string().startsWith("/assets/")),
  fonts: z
    .object({
      sinhala: z.string().startsWith("/assets/"),
      tamil: z.string().startsWith("/assets/"),
    })
    .optional(),
});

/** Reads the site build's manifest (written by rollup.config.mjs). */
export function loadAssetManifest(distDir: string): AssetManifest {
  const file = path.join(distDir, "site", "manifest.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`No site build at ${file}. Run "npm run build" first.`);
  }
  return manifestSchema.parse(JSON.parse(text));
}
