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
 */
function islandsManifest() {
  return {
    name: "islands-manifest",
    writeBundle(options, bundle) {
      const file = path.join(options.dir, "manifest.json");
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      const withImports = staticImportsOf(bundle);
      manifest.islands = Object.fromEntries(
        Object.values(bundle)
          .filter((chunk) => chunk.type === "chunk" && chunk.isEntry)
          .map((chunk) => [chunk.name, [...withImports(chunk.fileName)].map((name) => `/${name}`)]),
      );
      manifest.islandCatalogs = catalogChunks(bundle, "site/islands");
      const files = [
        ...manifest.scripts,
        ...Object.values(manifest.catalogs).flat(),
        ...Object.values(manifest.islands).flat(),
        ...Object.values(manifest.islandCatalogs).flat(),
      ];
      manifest.buildId = createHash("sha256")
        .update([...files, ...manifest.styles].join("\n"))
        .digest("hex")
        .slice(0, 12);
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

/** The islands' entries: site/islands/<name>.entry.tsx. */
const islandEntries = Object.fromEntries(
  readdirSync("site/islands")
    .filter((file) => file.endsWith(".entry.tsx"))
    .map((file) => [file.replace(/\.entry\.tsx$/, ""), path.join("site/islands", file)]),
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

export const islandsBuild = {
  // The islands' scripts (decision 0271): after the site's build, into its folder and manifest;
  // the site's components on preact, as the widget runs them.
  input: islandEntries,
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
    catalogSlots("site/islands"),
    nodeResolve({ browser: true, extensions }),
    typescriptPlugin({ sourceMap: false }),
    islandsManifest(),
    reportSizes("islands"),
  ],
};
