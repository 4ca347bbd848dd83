import { ORIGINS_MAX, type OriginProblem } from "../../core/views/portal/keys";
import { originProblem } from "./partners";

/**
 * The partner portal's allowed origins (issue 18, decision 0237): typed one
 * per line, checked as the partner tool checks them (partners.ts
 * originProblem), and https only, but for http on this machine (localhost,
 * 127.0.0.1, [::1]) outside production.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function checkOrigins(
  text: string,
  localHttp: boolean,
): {
  origins: string[];
  lines: string[];
  problems: { line: number; value: string; problem: OriginProblem }[];
} {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const problems: { line: number; value: string; problem: OriginProblem }[] = [];
  if (lines.length > ORIGINS_MAX) {
    problems.push({ line: 0, value: "", problem: "too_many" });
  }
  const origins: string[] = [];
  for (const [index, line] of lines.slice(0, ORIGINS_MAX * 2).entries()) {
    const value = line.slice(0, 200);
    const problem: OriginProblem | undefined = line.length > 200 ? "invalid" : originProblem(line);
    if (problem) {
      problems.push({ line: index + 1, value, problem });
      continue;
    }
    const url = new URL(line);
    if (url.protocol === "http:" && !(localHttp && LOCAL_HOSTS.has(url.hostname))) {
      problems.push({ line: index + 1, value, problem: "https" });
      continue;
    }
    origins.push(url.origin);
  }
  return { origins: [...new Set(origins)], lines: lines.slice(0, ORIGINS_MAX * 2), problems };
}
