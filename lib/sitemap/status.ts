import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { absoluteUrl, siteUrl } from "@/lib/site-url";
import { availabilityPercent, sitemapGrade, sitemapHealth, type SitemapGrade, type SitemapHealth } from "./health";
import { CHECK_INTERVAL_MS, planCrawl, RETENTION_MS, SEO_AUDIT_TTL_MS } from "./measure";
import { getSitemapXml } from "./queries";
import { readRefreshClaim, refreshRunningHere, startSitemapRefresh } from "./refresh";
import type { SeoIssue } from "./seo-audit";
import { readSitemapFigures, type SitemapFigures } from "./summary";

export { CHECK_INTERVAL_MS, MAX_AUDITED_URLS, RETENTION_MS, SEO_AUDIT_TTL_MS } from "./measure";

// GET /api/v1/admin/sitemap/status and the "Mantenimiento Sitemap" panel read the stored
// measurement only: the last check of /sitemap.xml (sitemap_checks), the last SEO audit
// (sitemap_seo_audits), the generations (sitemap_snapshots), and the sitemap's own figures (its
// URLs and size, from the cached document /sitemap.xml serves). No request of the site, no crawl:
// when the stored figures are due (the check older than CHECK_INTERVAL_MS, the audit older than
// SEO_AUDIT_TTL_MS, or none yet), the read starts one background refresh (refresh.ts) and says
// so with `refreshing`; the next read shows its figures.

export type SeoReport = {
  score: number | null;
  passed: number;
  total: number;
  checked_urls: number;
  /** When the audit shown was made; null when no audit was ever stored. */
  checked_at: string | null;
  issues: SeoIssue[];
  /** Why the pages cannot be audited now (no HTTP access to the site, no URL of its own), or null. */
  error: string | null;
  /** The sitemap's URLs on this site's origin (SITE_URL), the ones the audit may request. */
  listed_urls: number;
  /** True when the site has more than MAX_AUDITED_URLS of them and only the first ones are audited. */
  capped: boolean;
  /** Sitemap URLs on another origin than SITE_URL: never requested. */
  ignored_urls: number;
};

export type SitemapTrend = { date: string; checks: number; ok: number; avg_response_ms: number | null };

export type SitemapStatus = {
  /** The last check found /sitemap.xml answering (false as well when nothing was measured yet). */
  public_exists: boolean;
  backup_exists: boolean;
  public_size: number;
  public_modified: string | null;
  public_url: string;
  urls_count: number;
  static_count: number;
  dynamic_count: number;
  content: { products: number; services: number; static: number };
  /** The last check's time; null when nothing was measured yet. */
  response_time_ms: number | null;
  /** "http": a GET of /sitemap.xml from this server; "build": the time to build the XML (no HTTP possible); null: not measured yet. */
  response_time_source: "http" | "build" | null;
  status_code: number | null;
  seo: SeoReport;
  availability: { percent: number | null; ok: number; checks: number; since: string | null };
  trends: SitemapTrend[];
  /** null while nothing was measured (no verdict without a measurement). */
  health: SitemapHealth | null;
  grade: SitemapGrade | null;
  last_generated_at: string | null;
  last_generated_urls_count: number | null;
  backup_generated_at: string | null;
  snapshots_count: number;
  /** When the figures shown were measured (the last check); null when nothing was ever measured. */
  checked_at: string | null;
  /** A background measurement is under way: newer figures will follow (poll until it is false). */
  refreshing: boolean;
};

/** Availability over the last 30 days from the recorded checks: ok / total, with the count. */
export async function readAvailability(now: Date = new Date()): Promise<SitemapStatus["availability"]> {
  const since = new Date(now.getTime() - RETENTION_MS);
  const [row] = await db.$queryRaw<{ checks: number; ok: number; first: Date | null }[]>`
    SELECT count(*)::int AS checks, (count(*) FILTER (WHERE ok))::int AS ok, min(checked_at) AS first
      FROM sitemap_checks
     WHERE checked_at >= ${since}`;
  const checks = row?.checks ?? 0;
  const ok = row?.ok ?? 0;
  return { percent: availabilityPercent(ok, checks), ok, checks, since: row?.first ? new Date(row.first).toISOString() : null };
}

/** The last 7 days of recorded checks, per day (Lima time). */
export async function readTrends(now: Date = new Date()): Promise<SitemapTrend[]> {
  const since = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
  const rows = await db.$queryRaw<{ day: string; checks: number; ok: number; avg_ms: number | null }[]>`
    SELECT to_char((checked_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Lima', 'YYYY-MM-DD') AS day,
           count(*)::int AS checks,
           (count(*) FILTER (WHERE ok))::int AS ok,
           round(avg(response_ms))::int AS avg_ms
      FROM sitemap_checks
     WHERE checked_at >= ${since}
     GROUP BY 1
     ORDER BY 1`;
  return rows.map((row) => ({ date: row.day, checks: row.checks, ok: row.ok, avg_response_ms: row.avg_ms }));
}

type StoredCheck = { checkedAt: Date; ok: boolean; statusCode: number | null; responseMs: number };
type StoredAudit = { score: number; passed: number; total: number; checkedUrls: number; checkedAt: Date; issues: Prisma.JsonValue };

/** Why the pages cannot be audited as things stand (the last check and the sitemap's URLs), or null. */
function auditBlocker(check: StoredCheck | null, figures: SitemapFigures | null, listed: number): string | null {
  if (!check) return null;
  if (!check.ok || !figures) return "No se pudo leer el sitemap público para revisar sus páginas.";
  if (figures.locs.length === 0) return "El sitemap no tiene URLs que revisar.";
  if (listed === 0) return `Ninguna URL del sitemap pertenece a ${siteUrl()}: no se revisó ninguna página.`;
  if (check.statusCode === null) return "No se pudo acceder al sitio por HTTP para revisar sus páginas.";
  return null;
}

function seoReport(audit: StoredAudit | null, check: StoredCheck | null, figures: SitemapFigures | null): SeoReport {
  const plan = planCrawl(figures?.locs ?? [], "");
  const planned = { listed_urls: plan.listed, capped: plan.capped, ignored_urls: plan.ignored };
  const error = auditBlocker(check, figures, plan.listed);
  if (!audit) return { score: null, passed: 0, total: 0, checked_urls: 0, checked_at: null, issues: [], error, ...planned };
  return {
    // A stored score of an audit that checked nothing (every page gone) is no score.
    score: audit.total === 0 ? null : audit.score,
    passed: audit.passed,
    total: audit.total,
    checked_urls: audit.checkedUrls,
    checked_at: audit.checkedAt.toISOString(),
    issues: Array.isArray(audit.issues) ? (audit.issues as unknown as SeoIssue[]) : [],
    error,
    ...planned,
  };
}

/**
 * The panel's status from the stored measurement (a few reads; never a request of the site).
 * When the measurement is due and no refresh runs or started in the last minute on any instance,
 * it starts one in the background (`origins` as startSitemapRefresh takes them: tests only).
 */
export async function getSitemapStatus(options: { origins?: string[] } = {}): Promise<SitemapStatus> {
  const now = new Date();
  // Taken before the reads: a refresh that ends meanwhile is still reported, and the next read shows its figures.
  const runningHere = refreshRunningHere();
  const [check, audit, claim, availability, trends, snapshots, snapshotsCount, sitemapXml] = await Promise.all([
    db.sitemapCheck.findFirst({ orderBy: { checkedAt: "desc" }, select: { checkedAt: true, ok: true, statusCode: true, responseMs: true } }),
    db.sitemapSeoAudit.findFirst({
      orderBy: { checkedAt: "desc" },
      select: { score: true, passed: true, total: true, checkedUrls: true, checkedAt: true, issues: true },
    }),
    readRefreshClaim(),
    readAvailability(now),
    readTrends(now),
    db.sitemapSnapshot.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 2, select: { createdAt: true, urlsCount: true } }),
    db.sitemapSnapshot.count(),
    getSitemapXml(),
  ]);

  let refreshing = runningHere || claim.held;
  const due =
    !check ||
    now.getTime() - check.checkedAt.getTime() >= CHECK_INTERVAL_MS ||
    !audit ||
    now.getTime() - audit.checkedAt.getTime() >= SEO_AUDIT_TTL_MS;
  // A refresh that started less than a minute ago and left the audit due (the site cannot be
  // crawled) is not repeated on every read: the next one starts once the minute is over.
  if (due && !refreshing && !claim.startedRecently) {
    startSitemapRefresh({ origins: options.origins });
    refreshing = true;
  }

  // The file's figures: those of the document /sitemap.xml serves (Next's data cache), shown while the last check found it answering.
  const xml = check?.ok ? sitemapXml : null;
  const figures = xml === null ? null : readSitemapFigures(xml);
  const seo = seoReport(audit, check, figures);

  const lastGenerated = snapshots[0] ?? null;
  let publicModified = figures?.newest_lastmod ?? null;
  if (figures && lastGenerated && (!publicModified || lastGenerated.createdAt.toISOString() > publicModified)) {
    publicModified = lastGenerated.createdAt.toISOString();
  }
  const health = check
    ? sitemapHealth({ publicExists: check.ok, seoScore: seo.score, lastResponseMs: check.responseMs, activeIssues: seo.issues.length })
    : null;

  return {
    public_exists: check?.ok ?? false,
    backup_exists: snapshotsCount >= 2,
    public_size: xml === null ? 0 : Buffer.byteLength(xml, "utf8"),
    public_modified: publicModified,
    public_url: absoluteUrl("/sitemap.xml"),
    urls_count: figures?.urls_count ?? 0,
    static_count: figures?.static_count ?? 0,
    dynamic_count: figures?.dynamic_count ?? 0,
    content: { products: figures?.products ?? 0, services: figures?.services ?? 0, static: figures?.static_count ?? 0 },
    response_time_ms: check?.responseMs ?? null,
    response_time_source: check ? (check.statusCode === null ? "build" : "http") : null,
    status_code: check?.statusCode ?? null,
    seo,
    availability,
    trends,
    health,
    grade: health ? sitemapGrade(health, seo.score) : null,
    last_generated_at: lastGenerated?.createdAt.toISOString() ?? null,
    last_generated_urls_count: lastGenerated?.urlsCount ?? null,
    backup_generated_at: snapshots[1]?.createdAt.toISOString() ?? null,
    snapshots_count: snapshotsCount,
    checked_at: check?.checkedAt.toISOString() ?? null,
    refreshing,
  };
}

/**
 * "Actualizar" (POST /api/v1/admin/sitemap/refresh and its server action): starts a background
 * refresh with a new SEO audit of every page (or queues one after the refresh under way) and
 * answers at once with the stored figures, `refreshing` true.
 */
export async function requestSitemapRefresh(options: { origins?: string[] } = {}): Promise<SitemapStatus> {
  startSitemapRefresh({ force: true, origins: options.origins });
  return getSitemapStatus(options);
}
