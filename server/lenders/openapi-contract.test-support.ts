import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import ts from "typescript";

/**
 * What a lender's (or partner's) engineer does with one of our OpenAPI
 * documents, on this machine and without the network: `redocly lint` with
 * the recommended rules, and types made by `openapi-typescript` that
 * examples are assigned to (decision 0364).
 */

export interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  where: string;
}

const require = createRequire(import.meta.url);
const REDOCLY_CLI = path.join(
  path.dirname(require.resolve("@redocly/cli/package.json")),
  "bin/cli.js",
);

/**
 * `redocly lint --extends=recommended` on a document file, run in `dir`
 * (no redocly.yaml there) by this Node, with nothing of our environment
 * but telemetry and the update check off: the CLI asks nothing of the
 * network then.
 */
export function redoclyLint(file: string, dir: string): Promise<LintProblem[]> {
  const env = {
    HOME: dir,
    NODE_ENV: "test",
    NO_COLOR: "1",
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  };
  const args = [REDOCLY_CLI, "lint", file, "--extends=recommended", "--format=json"];
  return new Promise((resolve, reject) => {
    // Exit code 1 means "errors found": the JSON on stdout says which.
    execFile(process.execPath, args, { cwd: dir, env }, (_error, stdout, stderr) => {
      try {
        const report = JSON.parse(stdout) as {
          problems: {
            ruleId: string;
            severity: "error" | "warn";
            message: string;
            location: { pointer: string }[];
          }[];
        };
        resolve(
          report.problems.map(({ ruleId, severity, message, location }) => ({
            ruleId,
            severity,
            message,
            where: location[0]?.pointer ?? "",
          })),
        );
      } catch {
        reject(new Error(`redocly lint gave no report:\n${stdout}\n${stderr}`));
      }
    });
  });
}

type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};
type MediaType = { examples?: Record<string, { value: unknown }> };

/** One example of a document: where it is ("decide 200 application/json declined"), and the generated type it must fit. */
export interface DocumentExample {
  name: string;
  type: string;
  value: unknown;
}

/** Every example of every operation (paths and webhooks) and the type openapi-typescript gives it. */
export function documentExamples(document: Record<string, unknown>): DocumentExample[] {
  const found: DocumentExample[] = [];
  const add = (where: string, place: string, content: Record<string, MediaType> = {}) => {
    for (const [mediaType, { examples = {} }] of Object.entries(content)) {
      const type = `${place}["content"][${JSON.stringify(mediaType)}]`;
      for (const [name, example] of Object.entries(examples)) {
        found.push({ name: `${where} ${mediaType} ${name}`, type, value: example.value });
      }
    }
  };
  const groups = [document.paths, document.webhooks] as Record<string, Record<string, unknown>>[];
  for (const item of groups.flatMap((group) => Object.values(group ?? {}))) {
    for (const operation of Object.values(item) as Operation[]) {
      const id = operation?.operationId;
      if (!id) continue;
      const at = `operations[${JSON.stringify(id)}]`;
      add(`${id} request`, `NonNullable<${at}["requestBody"]>`, operation.requestBody?.content);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        add(`${id} ${status}`, `${at}["responses"][${JSON.stringify(status)}]`, response.content);
      }
    }
  }
  return found;
}

/**
 * Generates the document's types into `dir` with openapi-typescript, then
 * compiles one file per source given (strict, as a careful lender would)
 * against them: the compiler's messages for each file, empty when it compiles.
 */
export async function typeCheckAgainstDocument(
  document: Record<string, unknown>,
  dir: string,
  sources: Record<string, string>,
): Promise<Record<string, string[]>> {
  const types = astToString(await openapiTS(document as unknown as OpenAPI3, { silent: true }));
  await writeFile(path.join(dir, "api.d.ts"), types);
  const files = Object.keys(sources).map((name) => path.join(dir, `${name}.ts`));
  for (const [index, source] of Object.values(sources).entries()) {
    await writeFile(files[index] as string, `import type { operations } from "./api";\n${source}`);
  }
  const program = ts.createProgram(files, {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts"],
    types: [],
  });
  const global = program.getGlobalDiagnostics().map((d) => flatten(d));
  const messages: Record<string, string[]> = {};
  for (const [index, name] of Object.keys(sources).entries()) {
    const file = program.getSourceFile(files[index] as string);
    const diagnostics = file ? ts.getPreEmitDiagnostics(program, file) : [];
    messages[name] = [...global, ...diagnostics.map(flatten)];
  }
  return messages;
}

function flatten(diagnostic: ts.Diagnostic): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const line =
    diagnostic.file && diagnostic.start !== undefined
      ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
      : 0;
  return `line ${line}: TS${diagnostic.code}: ${text}`;
}

/** A TypeScript file assigning each example to its type: one `const` per example. */
export function assignments(examples: readonly DocumentExample[]): string {
  return examples
    .map(
      (example, index) =>
        `// ${example.name}\nexport const example${index}: ${example.type} = ${JSON.stringify(example.value)};`,
    )
    .join("\n");
}
