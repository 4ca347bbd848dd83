/**
 * Every locale's catalogs as chunks of their own in the site's browser
 * builds (decisions 0304, 0326): the slots that keep copy out of a page's
 * first script, and the chunks a page of each locale preloads.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ALL_LOCALES } from "../core/locale.ts";
import { staticImportsOf } from "./shared.mjs";

/**
 * Every locale's catalogs out of the site's browser scripts (decisions 0304,
 * 0326): each import of core/messages/<locale>.ts, site/messages/<locale>.ts
 * or site/messages/<name>-<locale>.ts becomes an empty slot of
 * site/messages/catalog-slots.ts, except the imports of
 * site/messages/catalogs-<locale>.ts (the islands' build: `islandsDir`'s
 * catalogs-<locale>.ts instead), the chunk a page of that locale loads
 * first, which fills the slots. No page's first script carries any copy.
 * The eligibility check's and the push prompt's copy stay in their chunks,
 * loaded on demand, in all three locales: a page that never shows them
 * loads none of it.
 */
export function catalogSlots(islandsDir) {
  const SLOT = "\0catalog-slot:";
  const runtime = path.resolve("site/messages/catalog-slots.ts");
  const loaders = new Map(
    ALL_LOCALES.map((locale) => [
      path.resolve(`site/messages/catalogs-${locale}.ts`),
      path.resolve(islandsDir ?? "site/messages", `catalogs-${locale}.ts`),
    ]),
  );
  const used = new Set(loaders.values());
  const suffix = `(${ALL_LOCALES.join("|")})`;
  const coreCatalog = new RegExp(`^${suffix}\\.ts$`);
  const siteCatalog = new RegExp(`^(?!push-)([a-z-]+-)?${suffix}\\.ts$`);
  const isCatalog = (id) =>
    (path.dirname(id) === path.resolve("core/messages") && coreCatalog.test(path.basename(id))) ||
    (path.dirname(id) === path.resolve("site/messages") && siteCatalog.test(path.basename(id)));
  return {
    name: "catalog-slots",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".") || importer.startsWith("\0")) return null;
      if (used.has(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id ?? "";
      const loader = loaders.get(id);
      if (loader) return loader === id ? null : loader;
      return isCatalog(id) ? `${SLOT}${id}` : null;
    },
    load(id) {
      if (!id.startsWith(SLOT)) return null;
      const file = id.slice(SLOT.length);
      const names = [...readFileSync(file, "utf8").matchAll(/^export const (\w+)/gm)].map(
        (m) => m[1],
      );
      if (names.length === 0) this.error(`${file} exports no catalog`);
      return [
        `import { catalogSlot } from ${JSON.stringify(runtime)};`,
        ...names.map((name) => `export const ${name} = catalogSlot(${JSON.stringify(name)});`),
      ].join("\n");
    },
  };
}

/**
 * Each locale's catalog chunk (catalogSlots) and the files it imports, by
 * locale, for the pages' preloads: `loaderDir`'s catalogs-<locale>.ts.
 */
export function catalogChunks(bundle, loaderDir) {
  const withImports = staticImportsOf(bundle);
  const catalogs = {};
  for (const locale of ALL_LOCALES) {
    const loader = path.resolve(loaderDir, `catalogs-${locale}.ts`);
    const chunk = Object.values(bundle).find((file) => file.facadeModuleId === loader);
    if (!chunk) throw new Error(`No chunk for ${loader}`);
    catalogs[locale] = [...withImports(chunk.fileName)].map((name) => `/${name}`);
  }
  return catalogs;
}
