// The arithmetic of `npm run lighthouse`: scores and metrics of a run, the median per category,
// the median run, and the audits that cost a category its points.
import { median } from "../../lib/stats";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const METRICS = [
  ["largest-contentful-paint", "LCP", "ms"],
  ["total-blocking-time", "TBT", "ms"],
  ["cumulative-layout-shift", "CLS", ""],
  ["first-contentful-paint", "FCP", "ms"],
  ["speed-index", "SI", "ms"],
] as const;

// ── Lighthouse results (the few fields read here) ──
export type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: { overallSavingsBytes?: number; overallSavingsMs?: number };
};
export type Lhr = {
  lighthouseVersion: string;
  environment?: { benchmarkIndex?: number; hostUserAgent?: string };
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};
export type Run = { page: string; run: number; lhr: Lhr; scores: Record<Category, number | null>; metrics: Record<string, number | null> };

export function summarizeRun(page: string, run: number, lhr: Lhr): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((key) => {
      const value = lhr.categories[key]?.score;
      return [key, typeof value === "number" ? Math.round(value * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? null]));
  return { page, run, lhr, scores, metrics };
}

/** The run whose performance score is the median (ties: the one closest to the median LCP). */
export function medianRun(runs: Run[]): Run {
  const perf = median(runs.map((run) => run.scores.performance ?? 0));
  const lcp = median(runs.map((run) => run.metrics["largest-contentful-paint"] ?? Infinity));
  return [...runs].sort(
    (a, b) =>
      Math.abs((a.scores.performance ?? 0) - perf) - Math.abs((b.scores.performance ?? 0) - perf) ||
      Math.abs((a.metrics["largest-contentful-paint"] ?? Infinity) - lcp) - Math.abs((b.metrics["largest-contentful-paint"] ?? Infinity) - lcp),
  )[0];
}

/** The audits of a category that cost points, the heaviest first (weight lost, then time saved). */
export function failingAudits(lhr: Lhr, category: Category) {
  const skip = new Set(["notApplicable", "manual", "informative", "error"]);
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && !skip.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => {
      const savingsMs = Object.entries(audit.metricSavings ?? {})
        .filter(([metric]) => metric !== "CLS")
        .reduce((sum, [, value]) => sum + (value ?? 0), 0);
      return {
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? null,
        metricSavings: audit.metricSavings ?? null,
        savingsBytes: audit.details?.overallSavingsBytes ?? null,
        // Points lost first, then the time it would save.
        rank: ref.weight * (1 - (audit.score ?? 0)) * 1000 + savingsMs,
      };
    })
    .sort((a, b) => b.rank - a.rank);
}

/** The median of each category over a page's runs (null when a run has no score) and what falls under budget. */
export function summarizePage(runs: Run[], minScores: Record<Category, number>) {
  const medianScores = Object.fromEntries(
    CATEGORIES.map((key) => {
      const values = runs.map((run) => run.scores[key]).filter((value): value is number => value !== null);
      return [key, values.length === runs.length ? median(values) : null];
    }),
  ) as Record<Category, number | null>;
  const failing = CATEGORIES.filter((key) => medianScores[key] === null || medianScores[key]! < minScores[key]);
  return { medianScores, failing, medianRun: medianRun(runs) };
}

/**
 * Lighthouse's CPU slowdown for a host of this benchmarkIndex, so that mobile runs emulate the
 * same mid-tier phone on any machine. Lighthouse's default 4× assumes a high-end desktop
 * (benchmarkIndex 1500–2000); its docs (docs/throttling.md, "Calibrating the CPU slowdown") tell
 * slower hosts to lower it and link the calculator whose piecewise table this is:
 * 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 2000 → 6×. Null when the host is too slow to emulate
 * that phone at all (under 150). Rounded to one decimal, as the calculator prints it.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  const multiplier =
    benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233 : benchmarkIndex >= 800 ? 2 + (benchmarkIndex - 800) / 500 : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
