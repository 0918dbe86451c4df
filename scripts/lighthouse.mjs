#!/usr/bin/env node
// Lighthouse (mobile) scores of key public pages, with Debian's Chromium:
//   node scripts/lighthouse.mjs [base URL] [path …]
// Start the site first (npm start). Lighthouse comes from the npm registry via npx.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ["/", "/productos", "/servicios/FIRST", "/contacto"];
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
].join(" ");

async function firstServicePath() {
  const response = await fetch(`${base}/api/v1/services`);
  if (!response.ok) throw new Error(`GET /api/v1/services → ${response.status}`);
  const { data } = await response.json();
  return `/servicios/${data[0].slug}`;
}

const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
try {
  console.log("page\tperformance\taccessibility\tbest-practices\tseo");
  const servicePath = targets.includes("/servicios/FIRST") ? await firstServicePath() : null;
  for (let target of targets) {
    if (target === "/servicios/FIRST") target = servicePath;
    const output = path.join(dir, "report.json");
    execFileSync(
      "npx",
      ["--yes", "lighthouse@13.5.0", `${base}${target}`, "--quiet", "--output=json", `--output-path=${output}`,
        "--only-categories=performance,accessibility,best-practices,seo", `--chrome-flags=${chromeFlags}`],
      { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" } },
    );
    const { categories } = JSON.parse(readFileSync(output, "utf8"));
    const score = (key) => Math.round(categories[key].score * 100);
    console.log([target, score("performance"), score("accessibility"), score("best-practices"), score("seo")].join("\t"));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
