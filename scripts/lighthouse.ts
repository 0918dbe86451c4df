// `npm run lighthouse`: Lighthouse (mobile, the devDependency, Debian's Chromium) on the pages
// listed in perf-budgets.json (/, /productos, the product with the uploaded gallery
// /productos/lumen-erp-pyme, the first service, /contacto), N runs each
// (default 3, round-robin so a noisy moment hits one run of each page, not all runs of one).
// Prints every run and the median per category, the main metrics of the median run and, for a
// category under budget, its top failing audits; writes the figures to a JSON file and the
// median runs' full reports beside it (open them in https://googlechrome.github.io/lighthouse/viewer/).
// Exits 1 when a page's median is under budget or a run fails.
//
//   npm run lighthouse                          # starts npm start on a fresh database itself
//   npm run lighthouse -- http://localhost:3000 # a server already running
//   npm run lighthouse -- --runs=1 / /contacto  # other run count or pages
//   npm run lighthouse -- --cpu=calibrate       # the CPU slowdown calibrated to this host
//
// CPU: Lighthouse's mobile runs slow the CPU down 4× (the default here too), which emulates a
// mid-tier phone only on a host of benchmarkIndex 1500–2000. --cpu=calibrate (or
// LIGHTHOUSE_CPU_MULTIPLIER=calibrate) does what Lighthouse's docs prescribe for other hosts: a
// first, discarded run reads this host's benchmarkIndex and the runs use the slowdown of their
// calculator (cpuSlowdownFor). --cpu=N fixes it. The figure is printed and kept in the JSON.
//
// LIGHTHOUSE_BASE_URL (instead of the argument), LIGHTHOUSE_RUNS, LIGHTHOUSE_OUTPUT (default
// .lighthouse/results.json), LIGHTHOUSE_PORT (own server, default 3440), LIGHTHOUSE_DB_PORT
// (its embedded database without DATABASE_URL, default 54369), CHROMIUM_PATH (/usr/bin/chromium),
// LIGHTHOUSE_CPU_MULTIPLIER.
import "./lib/load-env";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median } from "../lib/stats";
import { z } from "../lib/zod";
import { CHROMIUM_ARGS, chromiumPath } from "./lib/chromium";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { CATEGORIES, cpuSlowdownFor, failingAudits, METRICS, summarizePage, summarizeRun, type Category, type Lhr, type Run } from "./lib/lighthouse-summary";
import { loadPerfBudgets } from "./lib/perf-budgets";

const root = process.cwd();
const lighthouseCli = path.join(root, "node_modules", "lighthouse", "cli", "index.js");
const RUN_TIMEOUT_MS = 180_000;
const CATEGORY_LABEL: Record<Category, string> = { performance: "rendimiento", accessibility: "accesibilidad", "best-practices": "buenas prácticas", seo: "SEO" };
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

// ── Arguments ──
const argsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "la URL base debe ser http(s)://…" }).optional(),
  runs: z.coerce.number().int().min(1).max(15).optional(),
  cpu: z.union([z.literal("calibrate"), z.coerce.number().min(1).max(20)]).default(4),
  output: z.string().min(1),
  pages: z.array(z.string().regex(/^\//, "una página empieza por /")),
  port: z.coerce.number().int().min(1).max(65535),
  dbPort: z.coerce.number().int().min(1).max(65535),
});

function parseArgs(argv: string[]) {
  const raw = {
    baseUrl: process.env.LIGHTHOUSE_BASE_URL || undefined,
    runs: process.env.LIGHTHOUSE_RUNS || undefined,
    cpu: process.env.LIGHTHOUSE_CPU_MULTIPLIER || undefined,
    output: process.env.LIGHTHOUSE_OUTPUT || ".lighthouse/results.json",
    pages: [] as string[],
    port: process.env.LIGHTHOUSE_PORT || 3440,
    dbPort: process.env.LIGHTHOUSE_DB_PORT || 54369,
  };
  for (const arg of argv) {
    if (arg.startsWith("--runs=")) raw.runs = arg.slice(7);
    else if (arg.startsWith("--cpu=")) raw.cpu = arg.slice(6);
    else if (arg.startsWith("--output=")) raw.output = arg.slice(9);
    else if (/^https?:\/\//.test(arg)) raw.baseUrl = arg;
    else if (arg.startsWith("/")) raw.pages.push(arg);
    else throw new Error(`Argumento desconocido: ${arg} (uso: npm run lighthouse -- [URL base] [--runs=N] [--cpu=N] [--output=archivo] [/página …])`);
  }
  const parsed = argsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  return parsed.data;
}

function runLighthouse(url: string, output: string, cpuMultiplier?: number): Promise<Lhr> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
        ...(cpuMultiplier ? [`--throttling.cpuSlowdownMultiplier=${cpuMultiplier}`] : []),
      ],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, CHROME_PATH: chromiumPath } },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 || !existsSync(output)) {
        reject(new Error(`Lighthouse terminó con ${signal ?? `código ${code}`}${signal === "SIGKILL" ? ` (más de ${RUN_TIMEOUT_MS / 1000} s)` : ""}: ${stderr.trim()}`));
        return;
      }
      resolve(JSON.parse(readFileSync(output, "utf8")) as Lhr);
    });
  });
}

function formatMetric(value: number | null, unit: string) {
  if (value === null) return "–";
  return unit === "ms" ? `${Math.round(value)} ms` : value.toFixed(3);
}

function formatSavings(audit: ReturnType<typeof failingAudits>[number]) {
  const parts = Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => value)
    .map(([metric, value]) => (metric === "CLS" ? `${metric} ${value!.toFixed(3)}` : `${metric} ${Math.round(value!)} ms`));
  if (audit.savingsBytes) parts.push(`${Math.round(audit.savingsBytes / 1024)} KiB`);
  return parts.length ? ` [ahorro: ${parts.join(", ")}]` : "";
}

function slugOf(page: string) {
  return page === "/" ? "inicio" : page.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "_");
}

const servicesSchema = z.object({ data: z.array(z.object({ slug: z.string().min(1) })).min(1) });

async function resolvePages(baseUrl: string, pages: string[]) {
  if (!pages.some((page) => page.includes("{first-service}"))) return pages;
  const response = await fetch(`${baseUrl}/api/v1/services`);
  if (!response.ok) throw new Error(`GET /api/v1/services → ${response.status}`);
  const services = servicesSchema.safeParse(await response.json());
  if (!services.success) throw new Error("GET /api/v1/services no devolvió ningún servicio con slug");
  return pages.map((page) => page.replace("/servicios/{first-service}", `/servicios/${services.data.data[0].slug}`));
}

async function main(): Promise<boolean> {
  const args = parseArgs(process.argv.slice(2));
  const { lighthouse: budget } = loadPerfBudgets(root);
  const runs = args.runs ?? budget.runs;
  if (!existsSync(lighthouseCli)) throw new Error("Falta Lighthouse en node_modules (npm install).");
  if (!existsSync(chromiumPath)) throw new Error(`No hay Chromium en ${chromiumPath} (apt-get install -y chromium, o CHROMIUM_PATH).`);

  let app: FreshApp | null = null;
  const tmp = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
  const stopAll = async () => {
    await app?.stop();
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    let baseUrl = args.baseUrl?.replace(/\/$/, "");
    if (!baseUrl) {
      console.log(`Sin URL base: npm start en el puerto ${args.port} sobre una base nueva…`);
      app = await startFreshApp({ prefix: "lighthouse", port: args.port, embeddedDbPort: args.dbPort });
      baseUrl = app.baseUrl;
      console.log(`Servidor listo (${app.database}).`);
    }
    const pages = await resolvePages(baseUrl, args.pages.length ? args.pages : budget.pages);
    // One visit each first, so no run pays for a cold server (a first render, an empty cache).
    // The count of uploaded images (<picture>) per page shows whether the runs measure them at all.
    const uploads: string[] = [];
    for (const page of pages) {
      const response = await fetch(`${baseUrl}${page}`);
      const html = await response.text();
      if (!response.ok) throw new Error(`GET ${page} → ${response.status}`);
      uploads.push(`${page} ${html.match(/<picture\b/g)?.length ?? 0}`);
    }
    console.log(`Imágenes subidas (<picture>) por página: ${uploads.join(", ")}`);

    let cpuMultiplier = args.cpu === "calibrate" ? 0 : args.cpu;
    if (args.cpu === "calibrate") {
      const calibration = await runLighthouse(`${baseUrl}${pages[0]}`, path.join(tmp, "calibration.json"));
      const benchmarkIndex = calibration.environment?.benchmarkIndex;
      const calibrated = benchmarkIndex === undefined ? null : cpuSlowdownFor(benchmarkIndex);
      if (calibrated === null) throw new Error(`Esta CPU es demasiado lenta u ocupada para emular un móvil (benchmarkIndex ${benchmarkIndex ?? "desconocido"}); usa --cpu=N.`);
      cpuMultiplier = calibrated;
      console.log(`Calibración de CPU (docs/throttling.md de Lighthouse): benchmarkIndex ${Math.round(benchmarkIndex!)} → ralentización ${cpuMultiplier}× (la predeterminada, 4×, supone 1500–2000).`);
    }
    console.log(`Lighthouse (móvil, CPU ${cpuMultiplier}×) en ${baseUrl}: ${pages.length} ${pages.length === 1 ? "página" : "páginas"} × ${runs} ${runs === 1 ? "pasada" : "pasadas"}, Chromium ${chromiumPath}`);
    const results: Run[] = [];
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) {
        const file = path.join(tmp, `${slugOf(page)}-${run}.json`);
        const lhr = await runLighthouse(`${baseUrl}${page}`, file, cpuMultiplier);
        if (lhr.runtimeError) throw new Error(`Lighthouse no pudo medir ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const result = summarizeRun(page, run, lhr);
        results.push(result);
        const bench = lhr.environment?.benchmarkIndex;
        console.log(`  ${page} pasada ${run}: ${CATEGORIES.map((key) => result.scores[key] ?? "–").join(" / ")}${bench ? ` (benchmarkIndex ${Math.round(bench)})` : ""}`);
      }
    }

    // ── Table: each run, then the median ──
    const width = Math.max(...pages.map((page) => page.length), 8) + 2;
    const header = `${"página".padEnd(width)}${"pasada".padEnd(9)}${CATEGORIES.map((key) => CATEGORY_LABEL[key].padStart(17)).join("")}`;
    console.log(`\n${header}\n${"─".repeat(header.length)}`);
    const pageSummaries = pages.map((page) => {
      const own = results.filter((result) => result.page === page);
      for (const result of own) {
        console.log(`${page.padEnd(width)}${String(result.run).padEnd(9)}${CATEGORIES.map((key) => String(result.scores[key] ?? "–").padStart(17)).join("")}`);
      }
      const summary = summarizePage(own, budget.minScores);
      console.log(`${page.padEnd(width)}${"mediana".padEnd(9)}${CATEGORIES.map((key) => String(summary.medianScores[key] ?? "–").padStart(17)).join("")}`);
      return { page, own, ...summary };
    });
    console.log(`Presupuesto (perf-budgets.json): ${CATEGORIES.map((key) => `${CATEGORY_LABEL[key]} ≥ ${budget.minScores[key]}`).join(", ")}`);

    // ── Metrics of each page's median run ──
    console.log(`\nMétricas de la pasada mediana:`);
    console.log(`${"página".padEnd(width)}${METRICS.map(([, label]) => label.padStart(10)).join("")}`);
    for (const { page, medianRun: run } of pageSummaries) {
      console.log(`${page.padEnd(width)}${METRICS.map(([id, , unit]) => formatMetric(run.metrics[id], unit).padStart(10)).join("")}`);
    }

    // ── What to fix ──
    let ok = true;
    for (const { page, failing, medianScores, medianRun: run } of pageSummaries) {
      if (!failing.length) continue;
      ok = false;
      for (const key of failing) {
        console.log(`\n✗ ${page}: ${CATEGORY_LABEL[key]} ${medianScores[key] ?? "sin puntuación"} < ${budget.minScores[key]}. Auditorías que restan (pasada ${run.run}):`);
        for (const audit of failingAudits(run.lhr, key).slice(0, 8)) {
          console.log(`    - ${audit.title} (${audit.id}, puntuación ${audit.score}${audit.weight ? `, peso ${audit.weight}` : ""})${audit.displayValue ? `: ${audit.displayValue}` : ""}${formatSavings(audit)}`);
        }
      }
    }
    const benchmarks = results.map((result) => result.lhr.environment?.benchmarkIndex).filter((value): value is number => typeof value === "number");
    const benchmarkMedian = benchmarks.length ? median(benchmarks) : null;
    if (args.cpu !== "calibrate" && benchmarkMedian !== null && (benchmarkMedian < 1300 || benchmarkMedian > 2300)) {
      console.log(`\nbenchmarkIndex mediano ${Math.round(benchmarkMedian)}: con ${cpuMultiplier}× esta máquina emula un móvil ${benchmarkMedian < 1300 ? "más lento" : "más rápido"} que el de referencia de Lighthouse; --cpu=calibrate ajusta la ralentización (aquí ${cpuSlowdownFor(benchmarkMedian) ?? "–"}×).`);
    }
    const warnings = [...new Set(results.flatMap((result) => result.lhr.runWarnings ?? []))];
    for (const warning of warnings) console.log(`\nAviso de Lighthouse: ${warning.split("\n")[0]}`);

    // ── JSON ──
    const outputFile = path.resolve(root, args.output);
    mkdirSync(path.dirname(outputFile), { recursive: true });
    const reports: Record<string, string> = {};
    for (const { page, medianRun: run } of pageSummaries) {
      const reportFile = path.join(path.dirname(outputFile), `${slugOf(page)}.median.report.json`);
      writeFileSync(reportFile, JSON.stringify(run.lhr));
      reports[page] = path.relative(root, reportFile);
    }
    const first = results[0].lhr;
    writeFileSync(
      outputFile,
      JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          baseUrl,
          lighthouseVersion: first.lighthouseVersion,
          userAgent: first.environment?.hostUserAgent ?? null,
          formFactor: "mobile",
          cpuSlowdownMultiplier: cpuMultiplier,
          runsPerPage: runs,
          budget: budget.minScores,
          pass: ok,
          pages: pageSummaries.map(({ page, own, medianScores, failing, medianRun: run }) => ({
            page,
            median: medianScores,
            failing,
            medianRun: run.run,
            medianRunMetrics: run.metrics,
            runs: own.map((result) => ({ run: result.run, scores: result.scores, metrics: result.metrics, benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? null })),
            topAudits: Object.fromEntries(CATEGORIES.map((key) => [key, failingAudits(run.lhr, key).slice(0, 10)])),
            report: reports[page],
          })),
        },
        null,
        2,
      ),
    );
    console.log(`\nResultados en ${path.relative(root, outputFile)}; informes completos de las pasadas medianas junto a él.`);
    console.log(ok ? "Resultado: OK" : "Resultado: FALLO (mediana bajo el presupuesto)");
    return ok;
  } finally {
    await stopAll();
  }
}

main()
  .catch((error) => {
    console.error(`Error: ${(error as Error).message}`);
    return false;
  })
  .then((ok) => process.exit(ok ? 0 : 1));
