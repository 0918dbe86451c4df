// `npm run budgets` (after `npm run build`; NEXT_DIST_DIR-aware): HTML bytes and first-load
// JavaScript of every pre-rendered public route, and the first-load JavaScript of every page of
// the signed-in areas (/admin, /client: perf-budgets.json signedIn), against perf-budgets.json.
// Prints two tables and exits 1 on a page over budget, a public route rendered per request that
// build.allowDynamic does not list, or a signed-in page the build lacks. `--json=<file>` also
// writes the figures.
import "./lib/load-env";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkBuildBudgets, checkScriptDerivation, checkSignedInBudgets } from "./lib/build-budgets";
import { loadPerfBudgets } from "./lib/perf-budgets";

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function main(): boolean {
  const args = process.argv.slice(2);
  const jsonArg = args.find((arg) => arg.startsWith("--json="));
  const unknown = args.filter((arg) => arg !== jsonArg);
  if (unknown.length) throw new Error(`Argumento desconocido: ${unknown.join(" ")} (uso: npm run budgets -- [--json=archivo])`);

  const root = process.cwd();
  const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
  const perfBudgets = loadPerfBudgets(root);
  const report = checkBuildBudgets(distDir, perfBudgets.build);
  const signedIn = checkSignedInBudgets(distDir, path.join(root, "app"), perfBudgets.signedIn);
  const derivation = checkScriptDerivation(distDir, perfBudgets.build.publicAppPaths);

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

  console.log(`\nZonas con sesión (${perfBudgets.signedIn.areas.join(", ")}): JavaScript de la primera carga de cada página, según los manifiestos de la compilación`);
  const signedInWidth = Math.max(...signedIn.routes.map((row) => row.route.length), 10) + 2;
  const signedInHeader = `${"ruta".padEnd(signedInWidth)}${"JS".padStart(9)}${"límite".padStart(9)}${"JS gz".padStart(9)}${"límite".padStart(9)}${"scripts".padStart(9)}  `;
  console.log(`${signedInHeader}\n${"─".repeat(signedInHeader.length + 4)}`);
  for (const row of signedIn.routes) {
    const mark = (key: (typeof row.over)[number]) => (row.over.includes(key) ? "✗" : " ");
    console.log(
      `${row.route.padEnd(signedInWidth)}${kB(row.jsBytes).padStart(9)}${kB(row.budget.jsBytes).padStart(8)}${mark("jsBytes")}${kB(row.jsGzipBytes).padStart(9)}${kB(row.budget.jsGzipBytes).padStart(8)}${mark("jsGzipBytes")}` +
        `${String(row.scripts.length).padStart(9)}  ${row.over.length ? "SOBRE EL LÍMITE" : "ok"}`,
    );
  }
  console.log(`\n${signedIn.routes.length} páginas de las zonas con sesión.`);
  console.log(
    derivation.failures.length
      ? `La lista derivada de los manifiestos difiere del HTML en ${derivation.failures.length} de ${derivation.pages} páginas pre-renderizadas.`
      : `Lista derivada de los manifiestos = <script src> del HTML en las ${derivation.pages} páginas pre-renderizadas.`,
  );

  if (jsonArg) {
    const file = path.resolve(root, jsonArg.slice("--json=".length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...report, signedIn }, null, 2));
    console.log(`Cifras en ${path.relative(root, file)}.`);
  }
  const failures = [...report.failures, ...signedIn.failures, ...derivation.failures];
  if (failures.length) {
    console.log(`\n${failures.length} ${failures.length === 1 ? "fallo" : "fallos"}:`);
    for (const failure of failures) console.log(`  ✗ ${failure}`);
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
