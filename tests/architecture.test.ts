import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * DESIGN.md's import arrows: core/ imports nothing of ours, widget/ only
 * core/, site/ core/ and widget/, server/ core/ and the site's server entry.
 * Packages are limited too: core/ may use zod only, so it runs anywhere.
 */
const layers = {
  core: { folders: ["core"], packages: ["zod"] },
  // React's public API only, which the widget's build aliases to @preact/compat, and r2wc,
  // which defines the elements (decision 0331); preact itself only in
  // site/islands/react-on-preact.ts, for the site's islands (decision 0271).
  // virtual:widget-catalogs: the widget's build gives its catalog files' names and hashes (0303).
  widget: {
    folders: ["core", "widget"],
    packages: ["react", "react-dom", "@r2wc/react-to-web-component", "virtual:widget-catalogs"],
  },
  // markdown-it and yaml only in site/content/*.mjs, which run at build time;
  // virtual:site-content is what they build, for the server render.
  site: {
    folders: ["core", "widget", "site"],
    packages: [
      "react",
      "react-dom",
      "preact",
      "markdown-it",
      "yaml",
      "virtual:site-content",
      "uplot",
    ],
  },
  server: { folders: ["core", "server"], packages: null },
} as const;

const SERVER_MAY_IMPORT_FROM_SITE = "site/server";

/** React on preact: the site islands' (decision 0271). */
const PREACT_MODULES = [path.join("site", "islands", "react-on-preact.ts")];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
    .map((file) => path.join(folder, file));
}

/** uPlot's one importer, and the scripts that draw charts with it (rollup.config.mjs). */
const CHART_MODULE = path.join("site", "operator", "day-chart.ts");
const CHART_MODULE_NAME = CHART_MODULE.replace(/\.ts$/, "");
const CHART_SCRIPTS = [
  path.join("site", "back-office", "funnel-chart.ts"),
  path.join("site", "portal", "dashboard-chart.ts"),
];

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const pattern =
    /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)\s*import\s+"([^"]+)"/g;
  return [...text.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

describe("import boundaries (DESIGN.md)", () => {
  for (const [layer, rule] of Object.entries(layers)) {
    it(`${layer}/ imports only what it may`, () => {
      const violations: string[] = [];
      for (const file of sourceFiles(layer)) {
        const isTest = /\.test\.tsx?$/.test(file);
        // Tests and the build-time content loader run in Node: they may use its modules.
        const runsInNode = isTest || /^site\/content\/[^/]+\.mjs$/.test(file);
        // Property tests generate their cases with fast-check, as the server's do.
        const testOnly = (specifier: string) =>
          (isTest && (specifier === "vitest" || specifier === "fast-check")) ||
          (runsInNode && specifier.startsWith("node:"));
        for (const specifier of importsOf(file)) {
          if (specifier.startsWith(".")) {
            const target = path.relative(".", path.resolve(path.dirname(file), specifier));
            const folder = target.split(path.sep)[0] ?? "";
            const allowed =
              (rule.folders as readonly string[]).includes(folder) ||
              (layer === "server" && target === SERVER_MAY_IMPORT_FROM_SITE);
            if (!allowed) violations.push(`${file} → ${target}`);
          } else if (rule.packages && !testOnly(specifier)) {
            const name = packageName(specifier.replace(/\?raw$/, ""));
            const allowed = rule.packages.some((prefix) =>
              prefix.endsWith("/") ? name.startsWith(prefix) : name === prefix,
            );
            if (!allowed) violations.push(`${file} → package ${specifier}`);
            if (name === "preact" && !PREACT_MODULES.includes(file)) {
              violations.push(`${file} → package ${specifier} (only ${PREACT_MODULES.join(", ")})`);
            }
            // uPlot only in the charts' module (decisions 0162, 0223), never the site's bundles.
            if (name === "uplot" && file !== CHART_MODULE) {
              violations.push(`${file} → package ${specifier} (only ${CHART_MODULE})`);
            }
          }
          // The charts' module only in the two chart scripts, each built alone.
          if (
            specifier.endsWith("/day-chart") &&
            !CHART_SCRIPTS.includes(file) &&
            path.relative(".", path.resolve(path.dirname(file), specifier)) === CHART_MODULE_NAME
          ) {
            violations.push(`${file} → ${specifier} (only ${CHART_SCRIPTS.join(", ")})`);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }
});

/** The relative imports of a file, as repository paths without their extension. */
function localImportsOf(file: string): string[] {
  return importsOf(file)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.relative(".", path.resolve(path.dirname(file), specifier)));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isRouter = (file: string) => /-routes(\.ts)?$/.test(file);

describe("the server's feature folders (STYLE 14)", () => {
  const serverFiles = sourceFiles("server").filter((file) => !isTest(file));

  it("lets only server/app.ts import a router (a -routes.ts file): no router imports another, no service a router", () => {
    const violations = serverFiles
      .filter((file) => file !== path.join("server", "app.ts"))
      .flatMap((file) =>
        localImportsOf(file)
          .filter(isRouter)
          .map((target) => `${file} → ${target}`),
      );
    expect(violations).toEqual([]);
  });

  // Shared plumbing imports no feature; the accounts of every realm (staff, partner, lender)
  // import none of the realms they serve (decision 0380).
  it.each([
    ["http", ["core", "server/http", "server/storage", "server/log"]],
    ["accounts", ["core", "server/accounts", "server/http", "server/storage", "server/log"]],
  ])("keeps server/%s/ free of the features: it imports none", (folder, shared) => {
    const violations = serverFiles
      .filter((file) => file.startsWith(path.join("server", folder) + path.sep))
      .flatMap((file) =>
        localImportsOf(file)
          .filter(
            (target) =>
              !shared.some((allowed) => target === allowed || target.startsWith(`${allowed}/`)),
          )
          .map((target) => `${file} → ${target}`),
      );
    expect(violations).toEqual([]);
  });

  it("has no two features importing each other both ways (0393)", () => {
    const featureOf = (file: string) => {
      const [top, folder, rest] = file.split(path.sep);
      return top === "server" && rest !== undefined ? folder : undefined;
    };
    const arrows = new Set(
      // Test-support files count: farm-studio draws them as part of their folder.
      serverFiles
        .flatMap((file) =>
          localImportsOf(file).map((target) => [featureOf(file), featureOf(target)] as const),
        )
        .filter(([from, to]) => from && to && from !== to)
        .map(([from, to]) => `${from} → ${to}`),
    );
    const bothWays = [...arrows].filter((arrow) => {
      const [from, to] = arrow.split(" → ");
      return from && to && from < to && arrows.has(`${to} → ${from}`);
    });
    expect(bothWays).toEqual([]);
  });

  it("keeps each migration to its own queries: kysely, node and its folder only (0392)", () => {
    const folder = path.join("server", "storage", "migrations");
    // The list and the engines' column types name the engine's type, nothing else.
    const wiring = ["index.ts", "column-types.ts"].map((file) => path.join(folder, file));
    const violations = serverFiles
      .filter((file) => file.startsWith(folder + path.sep) && !wiring.includes(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) =>
            specifier.startsWith(".")
              ? path.dirname(path.resolve(path.dirname(file), specifier)) !== path.resolve(folder)
              : !/^(kysely(\/|$)|node:)/.test(specifier),
          )
          .map((specifier) => `${file} → ${specifier}`),
      );
    expect(violations).toEqual([]);
  });

  it("names every file that makes a router -routes.ts", () => {
    const misnamed = serverFiles
      .filter((file) => file !== path.join("server", "app.ts"))
      .filter((file) => /\bRouter\(\)/.test(readFileSync(file, "utf8")) && !isRouter(file));
    expect(misnamed).toEqual([]);
  });
});

describe("the site's pages (STYLE 13)", () => {
  const pagesDir = path.join("site", "pages");
  const pageFolders = readdirSync(pagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it("lists every page folder in the registry (the 404 page is the fallback, not a route)", () => {
    const registry = readFileSync(path.join(pagesDir, "registry.ts"), "utf8");
    const unlisted = pageFolders
      .filter((folder) => folder !== "not-found")
      .filter((folder) => !registry.includes(`from "./${folder}"`));
    expect(unlisted).toEqual([]);
  });

  it("gives each listed page an index.ts that defines it and a page.server.ts", () => {
    const incomplete = pageFolders
      .filter((folder) => folder !== "not-found")
      .filter(
        (folder) =>
          !readFileSync(path.join(pagesDir, folder, "index.ts"), "utf8").includes("definePage(") ||
          !readdirSync(path.join(pagesDir, folder)).includes("page.server.ts"),
      );
    expect(incomplete).toEqual([]);
  });

  it("gives every islands page's script a file: site/islands/{,conversion/}<name>.entry.tsx (0271, 0470)", () => {
    const missing = pageFolders
      .filter((folder) => folder !== "not-found")
      .flatMap((folder) => {
        const server = readFileSync(path.join(pagesDir, folder, "page.server.ts"), "utf8");
        const name = /^export const islands = "([\w-]+)";/m.exec(server)?.[1];
        const entries = ["", "conversion"].flatMap((dir) =>
          readdirSync(path.join("site", "islands", dir)),
        );
        return name && !entries.includes(`${name}.entry.tsx`) ? [`${folder}: ${name}`] : [];
      });
    expect(missing).toEqual([]);
  });

  it("keeps every file in site/pages/ at 300 lines or fewer", () => {
    const long = sourceFiles(pagesDir)
      .map((file) => [file, readFileSync(file, "utf8").split("\n").length] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toEqual([]);
  });

  it("lets no component import a value from a page's server half (the browser build has none)", () => {
    const violations = sourceFiles("site")
      .filter((file) => !isTest(file) && !file.endsWith(".server.ts"))
      .flatMap((file) => {
        const text = readFileSync(file, "utf8");
        return [...text.matchAll(/^import\s+(?!type\b)([^;]*?)from\s+"([^"]+\.server)"/gm)]
          .filter((match) => !/^\*\s+as\s+server\s+$/.test(match[1] ?? ""))
          .map((match) => `${file} → ${match[2]}`);
      });
    expect(violations).toEqual([]);
  });

  it("has the site's server entry export functions only (shared types live in core/)", () => {
    const entry = readFileSync(path.join("site", "server.tsx"), "utf8");
    expect(entry).not.toMatch(/^export\s+(type|interface|const|let|class)\b/m);
    expect(entry).not.toMatch(/^export\s+type\s*\{/m);
  });
});

describe("the signed-in areas: site/operator/ shared by site/back-office/, site/portal/ and site/lender-portal/", () => {
  const areas = ["back-office", "portal", "lender-portal"];

  it("lets operator/ import neither area, and neither area the other", () => {
    const violations = ["operator", ...areas].flatMap((from) =>
      sourceFiles(path.join("site", from)).flatMap((file) =>
        localImportsOf(file)
          .filter((target) => {
            const [top, folder] = target.split(path.sep);
            return top === "site" && folder !== from && areas.includes(folder ?? "");
          })
          .map((target) => `${file} → ${target}`),
      ),
    );
    expect(violations).toEqual([]);
  });

  it("lists every page folder of each area in its registry", () => {
    const unlisted = areas.flatMap((area) => {
      const pagesDir = path.join("site", area, "pages");
      const registry = readFileSync(path.join(pagesDir, "registry.ts"), "utf8");
      return readdirSync(pagesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .filter((entry) => !registry.includes(`from "./${entry.name}"`))
        .map((entry) => `${area}: ${entry.name}`);
    });
    expect(unlisted).toEqual([]);
  });
});

describe("configuration (DESIGN.md)", () => {
  it("is read from process.env in server/config.ts only", () => {
    const readers = Object.keys(layers)
      .flatMap(sourceFiles)
      .filter((file) => file !== path.join("server", "config.ts"))
      .filter((file) => /process\.env\b/.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});

describe("client addresses (decision 0341)", () => {
  it("are read from req.ip in server/http/client-address.ts only, so every limit keys IPv6 by /64", () => {
    const readers = sourceFiles("server")
      .filter((file) => file !== path.join("server", "http", "client-address.ts"))
      .filter((file) => !file.endsWith(".test.ts"))
      .filter((file) => /\breq\.ip\b/.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});

/**
 * core/ by kind (issue 33): helpers (small pure functions) import only helpers; messages only
 * messages and the language registry; domain (the rules, the figures, the input schemas)
 * domain, helpers and the registry; views (what the server hands the site to render) any of
 * core. core/locale.ts, the language registry, stands alone at the top.
 */
const CORE_KINDS = {
  helpers: ["helpers"],
  messages: ["messages", "locale"],
  domain: ["domain", "helpers", "locale"],
  views: ["views", "domain", "helpers", "messages", "locale"],
} as const;

describe("core/'s folders by kind (issue 33)", () => {
  it("keeps no module at core/'s top but the language registry", () => {
    const loose = readdirSync("core").filter(
      (name) => /\.tsx?$/.test(name) && !/^locale(\.test)?\.ts$/.test(name),
    );
    expect(loose).toEqual([]);
  });
  for (const [kind, allowed] of Object.entries(CORE_KINDS)) {
    it(`lets core/${kind}/ import only ${allowed.join(", ")}`, () => {
      const violations = sourceFiles(path.join("core", kind))
        .filter((file) => !isTest(file))
        .flatMap((file) =>
          localImportsOf(file)
            .filter(
              (target) => !(allowed as readonly string[]).includes(target.split(path.sep)[1] ?? ""),
            )
            .map((target) => `${file} → ${target}`),
        );
      expect(violations).toEqual([]);
    });
  }
});
