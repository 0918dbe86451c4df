// Deterministic byte budgets of a production build (`npm run budgets`): for every public page
// route, each pre-rendered HTML file under <dist>/server/app (its bytes as served) and its
// first-load JavaScript (every `<script src>` chunk the HTML references, raw and gzip; the
// `nomodule` polyfills are left out: browsers that run modules never download them).
// A public route with no pre-rendered HTML renders per request.
// The signed-in areas render every page per request, so they have no HTML file: each page's
// first-load JavaScript is derived from the build's manifests instead (firstLoadScripts in
// scripts/lib/build-output.ts), the same chunks its served HTML lists.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { firstNonLatin1 } from "../../lib/latin1-html";
import { chunkFile, firstLoadScripts, pagesOfSource, publicRoutesOfBuild, scriptSources } from "./build-output";
import { COMPILE_HINT } from "./compile-hints";
import { budgetFor, signedInBudgetFor, type PerfBudgets, type RouteBudget, type ScriptBudget } from "./perf-budgets";

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

type Chunk = { raw: number; gzip: number; hinted: boolean };

/** Reads each chunk once (most pages load the same ones): its bytes raw and gzip, and whether it carries the compile hint. */
function chunkReader(): (file: string) => Chunk {
  const chunks = new Map<string, Chunk>();
  return (file) => {
    let chunk = chunks.get(file);
    if (!chunk) {
      const bytes = readFileSync(file);
      chunk = { raw: bytes.length, gzip: gzipSize(bytes), hinted: bytes.toString("utf8", 0, COMPILE_HINT.length) === COMPILE_HINT };
      chunks.set(file, chunk);
    }
    return chunk;
  };
}

export function checkBuildBudgets(distDir: string, budgets: PerfBudgets["build"]): BudgetReport {
  const failures: string[] = [];
  const pages = publicRoutesOfBuild(distDir, budgets.publicAppPaths);
  const patterns = pages.map((page) => page.pattern);

  const chunkOf = chunkReader();

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

export type SignedInRoute = {
  route: string;
  appPath: string;
  scripts: string[];
  jsBytes: number;
  jsGzipBytes: number;
  budget: ScriptBudget & { source: string };
  over: ("jsBytes" | "jsGzipBytes")[];
};

export type SignedInReport = { routes: SignedInRoute[]; failures: string[] };

/**
 * The first-load JavaScript of every page of the signed-in areas (each page.tsx under
 * app/<area>, read from `appDir`), from the build's manifests, against its ceilings. A page of
 * the source that the build lacks fails (the build is older than the code), as does a ceiling
 * that names no page.
 */
export function checkSignedInBudgets(distDir: string, appDir: string, budgets: PerfBudgets["signedIn"]): SignedInReport {
  const failures: string[] = [];
  const chunkOf = chunkReader();
  const pages = pagesOfSource(appDir, budgets.areas);
  const routes: SignedInRoute[] = [];
  for (const { route, appPath } of pages) {
    const scripts = firstLoadScripts(distDir, appPath);
    if (!scripts) {
      failures.push(`${route}: la compilación no tiene la página ${appPath} (¿es anterior al código?)`);
      continue;
    }
    let jsBytes = 0;
    let jsGzipBytes = 0;
    for (const src of scripts) {
      const chunk = chunkFile(distDir, src);
      if (!chunk || !existsSync(chunk)) {
        failures.push(`${route}: el script ${src} no está en la compilación`);
        continue;
      }
      const { raw, gzip } = chunkOf(chunk);
      jsBytes += raw;
      jsGzipBytes += gzip;
    }
    const budget = signedInBudgetFor(budgets, route);
    const measured = { jsBytes, jsGzipBytes };
    const over = (["jsBytes", "jsGzipBytes"] as const).filter((key) => measured[key] > budget[key]);
    for (const key of over) failures.push(`${route}: ${key} ${measured[key]} > ${budget[key]} (signedIn ${budget.source})`);
    routes.push({ route, appPath, scripts, budget, over, ...measured });
  }
  const known = new Set(pages.map((page) => page.route));
  for (const key of Object.keys(budgets.routes)) {
    if (!known.has(key)) failures.push(`signedIn.routes: ${key} no es una página de ${budgets.areas.join(" ni ")}`);
  }
  return { routes, failures };
}

/**
 * The signed-in pages' scripts are derived from the manifests, not read from HTML. The pre-rendered
 * public pages have both: for each of them the derived list must be the `<script src>` list of its
 * HTML (as a set; the `nomodule` polyfills out of both). A difference means Next now writes its
 * pages differently and the signed-in figures cannot be trusted.
 */
export function checkScriptDerivation(distDir: string, publicAppPaths: readonly string[]): { pages: number; failures: string[] } {
  const failures: string[] = [];
  let pages = 0;
  for (const { appPath, htmlFiles } of publicRoutesOfBuild(distDir, publicAppPaths)) {
    const derived = firstLoadScripts(distDir, appPath);
    for (const { route, file } of htmlFiles) {
      pages++;
      if (!derived) {
        failures.push(`${route}: la compilación no tiene el manifiesto de clientes de ${appPath}`);
        continue;
      }
      const served = scriptSources(readFileSync(file, "utf8"));
      const missing = served.filter((src) => !derived.includes(src));
      const extra = derived.filter((src) => !served.includes(src));
      if (missing.length || extra.length) {
        failures.push(
          `${route}: los scripts derivados de los manifiestos no son los de su HTML (faltan: ${missing.join(", ") || "ninguno"}; sobran: ${extra.join(", ") || "ninguno"})`,
        );
      }
    }
  }
  return { pages, failures };
}
