import { chromium } from "playwright-core";

const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
const p = await b.newPage({ viewport: { width: 360, height: 740 } });
p.on("console", (m) => console.log("console", m.type(), m.text()));
p.on("pageerror", (e) => console.log("pageerror", e.message));
for (const [url, out] of process.argv.slice(2).map((a) => a.split("|"))) {
  await p.goto(url);
  await p.waitForTimeout(800);
  console.log(url, "scrollWidth", await p.evaluate(() => document.documentElement.scrollWidth));
  await p.screenshot({ path: out, fullPage: true });
}
await b.close();
