// `npm run lighthouse`'s verdict from synthetic Lighthouse results: the median per category,
// the run whose metrics are printed, and the audits a developer is told to fix.
import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, failingAudits, summarizePage, summarizeRun, type Audit, type Lhr } from "../scripts/lib/lighthouse-summary";

const BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

function lhr(scores: { performance: number; accessibility?: number; seo?: number | null }, lcp: number, audits: Audit[] = []): Lhr {
  const all: Record<string, Audit> = {
    "largest-contentful-paint": { id: "largest-contentful-paint", title: "Largest Contentful Paint", score: 0.9, scoreDisplayMode: "numeric", numericValue: lcp, displayValue: `${lcp} ms` },
    "total-blocking-time": { id: "total-blocking-time", title: "Total Blocking Time", score: 1, scoreDisplayMode: "numeric", numericValue: 10 },
  };
  for (const audit of audits) all[audit.id] = audit;
  const perfRefs = [
    { id: "largest-contentful-paint", weight: 25 },
    { id: "total-blocking-time", weight: 30 },
    ...audits.filter((audit) => !audit.id.startsWith("a11y-")).map((audit) => ({ id: audit.id, weight: 0 })),
  ];
  return {
    lighthouseVersion: "13.5.0",
    categories: {
      performance: { score: scores.performance / 100, auditRefs: perfRefs },
      accessibility: { score: (scores.accessibility ?? 100) / 100, auditRefs: audits.filter((audit) => audit.id.startsWith("a11y-")).map((audit) => ({ id: audit.id, weight: 7 })) },
      "best-practices": { score: 1, auditRefs: [] },
      seo: { score: scores.seo === null ? null : (scores.seo ?? 100) / 100, auditRefs: [] },
    },
    audits: all,
  };
}

describe("npm run lighthouse", () => {
  it("holds the median of each category against the budget, not the best or the last run", () => {
    const runs = [lhr({ performance: 99 }, 1500), lhr({ performance: 91 }, 3000), lhr({ performance: 97, accessibility: 96 }, 2000)].map((result, index) => summarizeRun("/", index + 1, result));
    const summary = summarizePage(runs, BUDGET);
    expect(summary.medianScores).toEqual({ performance: 97, accessibility: 100, "best-practices": 100, seo: 100 });
    expect(summary.failing).toEqual(["performance"]);
    expect(summary.medianRun.run).toBe(3); // its metrics are the ones printed
    expect(summary.medianRun.metrics["largest-contentful-paint"]).toBe(2000);
  });

  it("passes a page whose median meets every bar although one run did not", () => {
    const runs = [lhr({ performance: 98 }, 1500), lhr({ performance: 99 }, 1400), lhr({ performance: 80, accessibility: 90 }, 5000)].map((result, index) => summarizeRun("/contacto", index + 1, result));
    expect(summarizePage(runs, BUDGET).failing).toEqual([]);
  });

  it("fails a category a run could not score", () => {
    const runs = [lhr({ performance: 99, seo: null }, 1500), lhr({ performance: 99 }, 1500)].map((result, index) => summarizeRun("/", index + 1, result));
    const summary = summarizePage(runs, BUDGET);
    expect(summary.medianScores.seo).toBeNull();
    expect(summary.failing).toEqual(["seo"]);
  });

  it("lists the audits that cost points, heaviest first, and leaves out passed and not applicable ones", () => {
    const result = lhr({ performance: 70, accessibility: 93 }, 4000, [
      { id: "unused-javascript", title: "Reduce unused JavaScript", score: 0.5, scoreDisplayMode: "metricSavings", metricSavings: { LCP: 300, FCP: 0 }, details: { overallSavingsBytes: 30_000 } },
      { id: "bootup-time", title: "Reduce JavaScript execution time", score: 0, scoreDisplayMode: "numeric", metricSavings: { TBT: 2000 } },
      { id: "uses-http2", title: "HTTP/2", score: null, scoreDisplayMode: "notApplicable" },
      { id: "font-display", title: "Font display", score: 1, scoreDisplayMode: "metricSavings" },
      { id: "a11y-contrast", title: "Contrast", score: 0, scoreDisplayMode: "binary" },
    ]);
    expect(failingAudits(result, "performance").map((audit) => audit.id)).toEqual(["largest-contentful-paint", "bootup-time", "unused-javascript"]);
    expect(failingAudits(result, "performance")[2]).toMatchObject({ savingsBytes: 30_000, metricSavings: { LCP: 300, FCP: 0 } });
    expect(failingAudits(result, "accessibility").map((audit) => audit.id)).toEqual(["a11y-contrast"]);
  });
});

describe("cpuSlowdownFor (Lighthouse's CPU calibration)", () => {
  it("gives Lighthouse's default 4× on a high-end desktop and less on slower hosts, as its calculator does", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(2000)).toBe(6);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it("refuses a host too slow to emulate the phone, or no figure at all", () => {
    expect(cpuSlowdownFor(149)).toBeNull();
    expect(cpuSlowdownFor(Number.NaN)).toBeNull();
  });
});
