import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 33: a fourth language is one entry in core/locale.ts `LOCALES`, and the
 * compiler lists every other place it must reach. This test adds a fake one,
 * `xx`, to the registry (in memory: no file changes), type-checks the product
 * code (core, widget, site, server; the tests keep their own lists), and
 * compares the files the compiler flags with the list in
 * docs/adding-a-language.md: a place a new language must edit that the compiler
 * does not flag, or a flagged file the page does not list, fails here.
 */
const ROOT = path.resolve(".");
const REGISTRY = path.join(ROOT, "core", "locale.ts");
const PAGE = path.join(ROOT, "docs", "adding-a-language.md");

const FOURTH = `  xx: {
    code: "xx",
    english: "Fourth",
    language: "xx-LK",
    pathPrefix: "/xx",
    label: "Xx",
    dir: "ltr",
    openGraph: "xx_LK",
    letters: /[A-Za-z]/,
  },
} as const;`;

function withFourthLocale(source: string): string {
  const end = source.indexOf("\n} as const;");
  if (end < 0) throw new Error("core/locale.ts: no `LOCALES = { … } as const;` to add to");
  return `${source.slice(0, end + 1)}${FOURTH}${source.slice(end + "\n} as const;".length)}`;
}

function productFiles(): string[] {
  return ["core", "widget", "site", "server"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter(
        (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|test-support|fixtures/.test(file),
      )
      .map((file) => path.join(ROOT, folder, file)),
  );
}

/** The files the compiler reports errors in, with the registry holding `xx` too. */
function filesFlagged(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return path.resolve(file) === REGISTRY && text !== undefined ? withFourthLocale(text) : text;
  };
  const declarations = config.fileNames.filter((file) => file.endsWith(".d.ts"));
  const program = ts.createProgram([...productFiles(), ...declarations], config.options, host);
  const flagged = new Set<string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file) flagged.add(path.relative(ROOT, diagnostic.file.fileName));
  }
  return [...flagged].sort();
}

/** The page's list: the backticked paths of its "The compiler's list" section. */
function filesListed(): string[] {
  const page = readFileSync(PAGE, "utf8");
  const section = page.split(/^## /m).find((part) => part.startsWith("The compiler's list"));
  if (!section) throw new Error('docs/adding-a-language.md: no section "The compiler\'s list"');
  return [...section.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1] ?? "").sort();
}

describe("a fourth language (issue 33)", () => {
  it("is one registry entry; the compiler flags every file it must reach, as the docs list them", () => {
    expect(withFourthLocale(readFileSync(REGISTRY, "utf8"))).toContain('pathPrefix: "/xx"');
    const flagged = filesFlagged();
    expect(flagged.length).toBeGreaterThan(10);
    expect(flagged).toEqual(filesListed());
  }, 600_000);
});
