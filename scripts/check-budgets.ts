// `npm run budgets` (after `npm run build`; NEXT_DIST_DIR-aware): HTML bytes and first-load
// JavaScript of every pre-rendered public route against perf-budgets.json. Prints a table and
// exits 1 on a route over budget or a public route rendered per request that build.allowDynamic
// does not list. `--json=<file>` also writes the figures.
import "./lib/load-env";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkBuildBudgets } from "./lib/build-budgets";
import { loadPerfBudgets } from "./lib/perf-budgets";

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function main(): boolean {
  const args = process.argv.slice(2);
  const jsonArg = args.find((arg) => arg.startsWith("--json="));
  const unknown = args.filter((arg) => arg !== jsonArg);
  if (unknown.length) throw new Error(`Argumento desconocido: ${unknown.join(" ")} (uso: npm run budgets -- [--json=archivo])`);

  const root = process.cwd();
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
  const budgets = loadPerfBudgets(root).build;
  const report = checkBuildBudgets(distDir, budgets);

  console.log(`Presupuestos de la compilación ${path.relative(root, distDir)} (perf-budgets.json); kB = 1000 bytes, gzip nivel 6`);
  const width = Math.max(...report.routes.map((row) => row.route.length), 10) + 2;
  const header = `${"ruta".padEnd(width)}${"HTML".padStart(9)}${"límite".padStart(9)}${"HTML gz".padStart(9)}${"JS".padStart(9)}${"límite".padStart(9)}${"JS gz".padStart(9)}${"límite".padStart(9)}${"scripts".padStart(9)}  `;
  console.log(`${header}\n${"─".repeat(header.length + 4)}`);
  for (const row of report.routes) {
    const mark = (key: (typeof row.over)[number]) => (row.over.includes(key) ? "✗" : " ");
    console.log(
      `${row.route.padEnd(width)}${kB(row.htmlBytes).padStart(9)}${kB(row.budget.htmlBytes).padStart(8)}${mark("htmlBytes")}${kB(row.htmlGzipBytes).padStart(9)}` +
        `${kB(row.jsBytes).padStart(9)}${kB(row.budget.jsBytes).padStart(8)}${mark("jsBytes")}${kB(row.jsGzipBytes).padStart(9)}${kB(row.budget.jsGzipBytes).padStart(8)}${mark("jsGzipBytes")}` +
        `${String(row.scripts.length).padStart(9)}  ${row.over.length ? "SOBRE EL LÍMITE" : "ok"}`,
    );
  }
  for (const { pattern, allowed } of report.dynamic) {
    console.log(`${pattern.padEnd(width)}${"sin HTML pre-renderizado: se renderiza en cada petición".padStart(10)}${allowed ? " (conocida, build.allowDynamic)" : " ✗"}`);
  }
  console.log(`\n${report.routes.length} páginas pre-renderizadas, ${report.dynamic.length} rutas por petición (${report.dynamic.filter((d) => d.allowed).length} conocidas).`);

  if (jsonArg) {
    const file = path.resolve(root, jsonArg.slice("--json=".length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`Cifras en ${path.relative(root, file)}.`);
  }
  if (report.failures.length) {
    console.log(`\n${report.failures.length} ${report.failures.length === 1 ? "fallo" : "fallos"}:`);
    for (const failure of report.failures) console.log(`  ✗ ${failure}`);
    console.log("Resultado: FALLO");
    return false;
  }
  console.log("Resultado: OK");
  return true;
}

try {
  process.exitCode = main() ? 0 : 1;
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exitCode = 1;
}
