import { rollup } from "rollup";
import config from "/work/main/rollup.config.mjs";
const site = config({}).find((c) => c.input?.client);
const plugins = site.plugins.filter((p) => !["clean-output", "site-assets", "report-sizes"].includes(p.name));
console.error(site.plugins.map((p) => p.name).join(","));
const bundle = await rollup({ input: site.input, plugins, onwarn: () => {} });
const { output } = await bundle.generate({ format: "es", dir: "/tmp/prof/out" });
for (const chunk of output) {
  if (chunk.type !== "chunk" || !chunk.isEntry) continue;
  const mods = Object.entries(chunk.modules).map(([id, m]) => [id.replace("/work/main/", ""), m.renderedLength]);
  const total = mods.reduce((a, [, n]) => a + n, 0);
  console.log(chunk.fileName, total);
  const byPkg = new Map();
  for (const [id, n] of mods) { const k = id.includes("node_modules") ? id.split("node_modules/")[1].split("/").slice(0, id.includes("@") ? 2 : 1).join("/") : id.split("/").slice(0, 2).join("/"); byPkg.set(k, (byPkg.get(k) ?? 0) + n); }
  for (const [k, n] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(String(n).padStart(8), k);
  console.log("--- top modules");
  for (const [k, n] of mods.sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(String(n).padStart(8), k);
}
