/**
 * The site's islands (decision 0271): after the site's build, into its
 * folder and manifest; the site's components on preact, as the widget runs them.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import alias from "@rollup/plugin-alias";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import { catalogChunks, catalogSlots } from "./catalogs.mjs";
import {
  extensions,
  productionReact,
  reportSizes,
  staticImportsOf,
  typescriptPlugin,
} from "./shared.mjs";
import { browserHalves } from "./site.mjs";

/**
 * The islands' scripts (decision 0271) go into the site's manifest, which the
 * site's build wrote just before: by name ("article" for
 * site/islands/article.entry.tsx), each entry file and every file it imports
 * statically, which the page preloads. The build id then covers them too.
 * The conversion islands' build (decision 0470) adds its entries, and its
 * catalogs by entry (`entryCatalogs`), which its pages preload instead.
 */
function islandsManifest(catalogsDir, conversion) {
  return {
    name: "islands-manifest",
    writeBundle(options, bundle) {
      const file = path.join(options.dir, "manifest.json");
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      const withImports = staticImportsOf(bundle);
      const entries = Object.values(bundle)
        .filter((chunk) => chunk.type === "chunk" && chunk.isEntry)
        .map((chunk) => [chunk.name, [...withImports(chunk.fileName)].map((name) => `/${name}`)]);
      manifest.islands = { ...manifest.islands, ...Object.fromEntries(entries) };
      const catalogs = catalogChunks(bundle, catalogsDir);
      if (conversion) {
        manifest.entryCatalogs = Object.fromEntries(entries.map(([name]) => [name, catalogs]));
      } else manifest.islandCatalogs = catalogs;
      const files = [
        ...manifest.scripts,
        ...Object.values(manifest.catalogs).flat(),
        ...Object.values(manifest.islands).flat(),
        ...Object.values(manifest.islandCatalogs).flat(),
        ...Object.values(manifest.entryCatalogs ?? {}).flatMap((byLocale) =>
          Object.values(byLocale).flat(),
        ),
      ];
      manifest.buildId = createHash("sha256")
        .update([...files, ...manifest.styles].join("\n"))
        .digest("hex")
        .slice(0, 12);
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

/** The islands' entries in `dir`: <dir>/<name>.entry.tsx. */
const islandEntries = (dir) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".entry.tsx"))
      .map((file) => [file.replace(/\.entry\.tsx$/, ""), path.join(dir, file)]),
  );

/**
 * The site islands' React on preact: their own few lines of React (`module`,
 * decision 0271), not preact/compat.
 */
function reactOnPreact(module) {
  return alias({
    entries: [
      { find: /^react$/, replacement: path.resolve(module) },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: path.resolve(module) },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
    ],
  });
}

/**
 * An islands build: `dir`'s entries, its catalogs-<locale>.ts for each
 * locale's chunk (build/catalogs.mjs).
 */
const islandsBuildOf = (dir, conversion) => ({
  input: islandEntries(dir),
  output: {
    dir: "dist/site",
    format: "es",
    entryFileNames: "assets/islands-[name]-[hash].js",
    chunkFileNames: "assets/islands-[name]-[hash].js",
    plugins: [
      terser({
        ecma: 2020,
        compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
        format: { comments: false },
      }),
    ],
  },
  plugins: [
    productionReact(),
    reactOnPreact("site/islands/react-on-preact.ts"),
    browserHalves(),
    catalogSlots(dir),
    nodeResolve({ browser: true, extensions }),
    typescriptPlugin({ sourceMap: false }),
    islandsManifest(dir, conversion),
    reportSizes(conversion ? "conversion islands" : "islands"),
  ],
});

// The islands' scripts (decision 0271): after the site's build, into its folder and manifest;
// the site's components on preact, as the widget runs them.
export const islandsBuild = islandsBuildOf("site/islands", false);

/**
 * The application's and offers' islands (decision 0470): a build of their own, so that
 * their catalogs (the form's, the offers') are in no article's chunk, nor an article's in theirs.
 */
export const conversionIslandsBuild = islandsBuildOf("site/islands/conversion", true);
