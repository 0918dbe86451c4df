import { formatDate } from "@/lib/format";

// The sitemap panel's verdicts and formats. Pure: the status
// service and the client screen both import it.

export type SitemapHealth = "healthy" | "warning" | "error";
export type SitemapGrade = "A+" | "A" | "B" | "C" | "F";

/** Above this the last check counts as slow (a warning). */
export const SLOW_RESPONSE_MS = 2000;
/** Below this SEO score the state is a warning. */
export const SEO_WARNING_SCORE = 80;

/**
 * Healthy when the public sitemap answers, error otherwise; a warning (which no plain up/down
 * check would ever set) when the SEO score is under 80, the last check was slower than 2 s, or
 * any problem is still listed: the panel never says "Saludable" beside active problems.
 */
export function sitemapHealth(input: { publicExists: boolean; seoScore: number | null; lastResponseMs: number | null; activeIssues?: number }): SitemapHealth {
  if (!input.publicExists) return "error";
  if ((input.activeIssues ?? 0) > 0) return "warning";
  if (input.seoScore !== null && input.seoScore < SEO_WARNING_SCORE) return "warning";
  if (input.lastResponseMs !== null && input.lastResponseMs > SLOW_RESPONSE_MS) return "warning";
  return "healthy";
}

/**
 * Grades A+ healthy, B warning, F error, refined in between: a healthy sitemap whose
 * SEO score is 80–89 gets A (A+ needs 90 or more, or no score yet); a warning gets C instead of
 * B when the SEO score is under 60.
 */
export function sitemapGrade(health: SitemapHealth, seoScore: number | null): SitemapGrade {
  if (health === "error") return "F";
  if (health === "warning") return seoScore !== null && seoScore < 60 ? "C" : "B";
  return seoScore !== null && seoScore < 90 ? "A" : "A+";
}

export const HEALTH_LABELS: Record<SitemapHealth, string> = {
  healthy: "Saludable",
  warning: "Advertencia",
  error: "Error",
};

/** Availability in percent (ok / total, one decimal), or null with no recorded check. */
export function availabilityPercent(ok: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((ok / total) * 1000) / 10;
}

/** A file size in KB or MB with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** "hace menos de 1 hora", then "hace N horas", under 7 days in days, otherwise a date (es-ES). */
export function formatRelativeTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return "Nunca";
  const date = new Date(iso);
  const hours = Math.floor((now.getTime() - date.getTime()) / 3_600_000);
  if (hours < 1) return "hace menos de 1 hora";
  if (hours < 24) return hours === 1 ? "hace 1 hora" : `hace ${hours} horas`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "hace 1 día" : `hace ${days} días`;
  return formatDate(date);
}
