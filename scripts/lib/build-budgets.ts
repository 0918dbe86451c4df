// Deterministic byte budgets of a production build (`npm run budgets`): for every public page
// route, each pre-rendered HTML file under <dist>/server/app (its bytes as served) and its
// first-load JavaScript (every `<script src>` chunk the HTML references, raw and gzip; the
// `nomodule` polyfills are left out: browsers that run modules never download them).
// A public route with no pre-rendered HTML renders per request.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { firstNonLatin1 } from "../../lib/latin1-html";
import { chunkFile, publicRoutesOfBuild, scriptSources } from "./build-output";
import { COMPILE_HINT } from "./compile-hints";
import { budgetFor, type PerfBudgets, type RouteBudget } from "./perf-budgets";

export type PrerenderedRoute = {
  route: string;
  pattern: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: string[];
  jsBytes: number;
  jsGzipBytes: number;
  budget: RouteBudget & { source: string };
  over: ("htmlBytes" | "jsBytes" | "jsGzipBytes")[];
};

export type BudgetReport = {
  distDir: string;
  routes: PrerenderedRoute[];
  /** Public route patterns with no pre-rendered HTML: allowed (listed in allowDynamic) or not. */
  dynamic: { pattern: string; allowed: boolean }[];
  failures: string[];
};

/** gzip at zlib's default level (6), as a typical front compresses. */
const gzipSize = (bytes: Buffer) => gzipSync(bytes).length;

export function checkBuildBudgets(distDir: string, budgets: PerfBudgets["build"]): BudgetReport {
  const failures: string[] = [];
  const pages = publicRoutesOfBuild(distDir, budgets.publicAppPaths);
  const patterns = pages.map((page) => page.pattern);

  // Each chunk is read once: most pages load the same ones.
  const chunks = new Map<string, { raw: number; gzip: number; hinted: boolean }>();
  const chunkOf = (file: string) => {
    let chunk = chunks.get(file);
    if (!chunk) {
      const bytes = readFileSync(file);
      chunk = { raw: bytes.length, gzip: gzipSize(bytes), hinted: bytes.toString("utf8", 0, COMPILE_HINT.length) === COMPILE_HINT };
      chunks.set(file, chunk);
    }
    return chunk;
  };

  const routes: PrerenderedRoute[] = [];
  const dynamic: BudgetReport["dynamic"] = [];
  for (const { pattern, htmlFiles } of pages) {
    if (!htmlFiles.length) {
      const allowed = budgets.allowDynamic.includes(pattern);
      dynamic.push({ pattern, allowed });
      if (!allowed) failures.push(`${pattern} no tiene HTML pre-renderizado: se renderiza en cada petición`);
      continue;
    }
    if (budgets.allowDynamic.includes(pattern)) {
      failures.push(`${pattern} ya está pre-renderizada: quítela de build.allowDynamic en perf-budgets.json`);
    }
    for (const { route, file } of htmlFiles) {
      const html = readFileSync(file);
      const text = html.toString("utf8");
      const scripts = scriptSources(text);
      const wide = firstNonLatin1(text);
      if (wide !== null) {
        const code = `U+${wide.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
        failures.push(`${route}: el HTML tiene "${wide}" (${code}); escríbalo como referencia HTML (lib/latin1-html.ts)`);
      }
      let jsBytes = 0;
      let jsGzipBytes = 0;
      for (const src of scripts) {
        const chunk = chunkFile(distDir, src);
        if (!chunk || !existsSync(chunk)) {
          failures.push(`${route}: el script ${src} no está en la compilación`);
          continue;
        }
        const { raw, gzip, hinted } = chunkOf(chunk);
        if (!hinted) failures.push(`${route}: el script ${src} no lleva la indicación de compilación (scripts/lib/compile-hints.ts)`);
        jsBytes += raw;
        jsGzipBytes += gzip;
      }
      const budget = budgetFor(budgets, route, pattern);
      const measured = { htmlBytes: html.length, jsBytes, jsGzipBytes };
      const over = (["htmlBytes", "jsBytes", "jsGzipBytes"] as const).filter((key) => measured[key] > budget[key]);
      for (const key of over) failures.push(`${route}: ${key} ${measured[key]} > ${budget[key]} (${budget.source})`);
      routes.push({ route, pattern, htmlGzipBytes: gzipSize(html), scripts, budget, over, ...measured });
    }
  }

  for (const pattern of budgets.allowDynamic) {
    if (!patterns.includes(pattern)) failures.push(`build.allowDynamic: ${pattern} no es una ruta pública de esta compilación`);
  }
  for (const key of Object.keys(budgets.routes)) {
    if (!patterns.includes(key) && !routes.some((route) => route.route === key)) {
      failures.push(`build.routes: ${key} no es una ruta pública pre-renderizada de esta compilación`);
    }
  }
  return { distDir, routes, dynamic, failures };
}
