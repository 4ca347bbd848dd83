import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Router functions over 200 lines are split by section (issue 33, decision 0381): a router
 * (`*-routes.ts`), a section of one (`*-section.ts`) and server/app.ts make their router or
 * app and call one function per section. This holds every function at the top of those files
 * (exported or not: the sections too) to 200 lines, from its first line to its last.
 */
const MAX_LINES = 200;

/** The files that build a router or the app, tests left out. */
function routerFiles(root = "server"): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /(routes[^/]*|-section)\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .map((file) => path.join(root, file))
    .concat(path.join(root, "app.ts"))
    .sort();
}

/** Each function declared at the top of a module (a declaration or a const arrow/function) and its lines. */
function topLevelFunctions(fileName: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const span = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
  return source.statements.flatMap((statement) => {
    if (ts.isFunctionDeclaration(statement)) {
      return [{ name: statement.name?.text ?? "default", lines: span(statement) }];
    }
    if (!ts.isVariableStatement(statement)) return [];
    return statement.declarationList.declarations
      .filter(
        (declaration) =>
          declaration.initializer !== undefined &&
          (ts.isArrowFunction(declaration.initializer) ||
            ts.isFunctionExpression(declaration.initializer)),
      )
      .map((declaration) => ({ name: declaration.name.getText(source), lines: span(declaration) }));
  });
}

describe(`router functions of ${MAX_LINES} lines or fewer (issue 33, decision 0381)`, () => {
  it("measures a function from its first line to its last", () => {
    const body = Array.from({ length: 3 }, (_, i) => `  router.get("/${i}", handler);`).join("\n");
    const text = `export function small(router) {\n${body}\n}\nconst section = (router) => {\n  router.use(x);\n};\nconst value = 3;\n`;
    expect(topLevelFunctions("example.ts", text)).toEqual([
      { name: "small", lines: 5 },
      { name: "section", lines: 3 },
    ]);
  });

  it("finds the routers, their sections and the app", () => {
    const files = routerFiles();
    expect(files).toContain(path.join("server", "app.ts"));
    expect(files).toContain(path.join("server", "partners", "api-routes.ts"));
    expect(files).toContain(path.join("server", "partners", "portal-sign-in-section.ts"));
  });

  it(`keeps every function that builds a router or the app at ${MAX_LINES} lines or fewer`, () => {
    const long = routerFiles().flatMap((file) =>
      topLevelFunctions(file, readFileSync(file, "utf8"))
        .filter(({ lines }) => lines > MAX_LINES)
        .map(({ name, lines }) => `${file}: ${name} (${lines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
