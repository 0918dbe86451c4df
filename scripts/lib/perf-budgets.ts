// The committed performance budgets (perf-budgets.json at the repository root), read and
// validated by `npm run lighthouse` and `npm run budgets` (public pages and signed-in areas).
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "../../lib/zod";

const score = z.number().min(0).max(100);
const bytes = z.number().int().positive();

/** Ceilings of one route; a field left out falls back to the default. */
const routeBudget = z.strictObject({
  htmlBytes: bytes.optional(),
  jsBytes: bytes.optional(),
  jsGzipBytes: bytes.optional(),
});

/** First-load JavaScript ceilings of one signed-in page; a field left out falls back to the default. */
const scriptBudget = z.strictObject({
  jsBytes: bytes.optional(),
  jsGzipBytes: bytes.optional(),
});

export const perfBudgetsSchema = z.strictObject({
  $comment: z.union([z.string(), z.array(z.string())]).optional(),
  lighthouse: z.strictObject({
    /** Runs per page; the median of each category is held against minScores. */
    runs: z.number().int().min(1).max(15),
    /** Paths to audit; "{first-service}" becomes /servicios/<first slug of /api/v1/services>. */
    pages: z.array(z.string().regex(/^\//, "una ruta empieza por /")).min(1),
    minScores: z.strictObject({
      performance: score,
      accessibility: score,
      "best-practices": score,
      seo: score,
    }),
  }),
  build: z.strictObject({
    /** Public routes: pages whose app path starts with one of these (route groups included). */
    publicAppPaths: z.array(z.string().regex(/^\//)).min(1),
    /** Ceilings of every public route without its own entry. */
    default: routeBudget.required(),
    /** Per route: an exact path ("/", "/servicios/tableros-power-bi") or a route pattern ("/servicios/[slug]"); an exact path wins. */
    routes: z.record(z.string().regex(/^\//), routeBudget),
    /**
     * Public routes allowed to render per request (no pre-rendered HTML). Empty = strict: every
     * public route must be pre-rendered. A listed route that is pre-rendered is reported, so the
     * list only shrinks.
     */
    allowDynamic: z.array(z.string().regex(/^\//)),
  }),
  /** The signed-in areas, rendered per request: the first-load JavaScript of each of their pages. */
  signedIn: z.strictObject({
    $comment: z.union([z.string(), z.array(z.string())]).optional(),
    /** Folders of app/ ("/admin", "/client"): every page.tsx under them is budgeted. */
    areas: z.array(z.string().regex(/^\/[a-z0-9-]+$/, "una carpeta de app/ sin grupos: /admin")).min(1),
    /** Ceilings of every page without its own entry. */
    default: scriptBudget.required(),
    /** Per page, by its URL pattern with route groups dropped ("/admin/invoices/[id]"). */
    routes: z.record(z.string().regex(/^\//), scriptBudget),
  }),
});

export type PerfBudgets = z.infer<typeof perfBudgetsSchema>;
export type RouteBudget = Required<z.infer<typeof routeBudget>>;
export type ScriptBudget = Required<z.infer<typeof scriptBudget>>;

export const PERF_BUDGETS_FILE = "perf-budgets.json";

/** Reads and validates perf-budgets.json; throws a readable error naming the bad field. */
export function loadPerfBudgets(root = process.cwd()): PerfBudgets {
  const file = path.join(root, PERF_BUDGETS_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`No se pudo leer ${PERF_BUDGETS_FILE}: ${(error as Error).message}`);
  }
  const parsed = perfBudgetsSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(raíz)"}: ${issue.message}`);
    throw new Error(`${PERF_BUDGETS_FILE} no es válido:\n  ${issues.join("\n  ")}`);
  }
  return parsed.data;
}

/** The ceilings for one route: its exact path, else its route pattern, else the default. */
export function budgetFor(budgets: PerfBudgets["build"], route: string, pattern: string): RouteBudget & { source: string } {
  const own = budgets.routes[route] ? route : budgets.routes[pattern] ? pattern : null;
  return { ...budgets.default, ...(own ? budgets.routes[own] : {}), source: own ?? "default" };
}

/** The ceilings of one signed-in page: its own entry, else the default. */
export function signedInBudgetFor(budgets: PerfBudgets["signedIn"], route: string): ScriptBudget & { source: string } {
  const own = budgets.routes[route];
  return { ...budgets.default, ...own, source: own ? route : "default" };
}
