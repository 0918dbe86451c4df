import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { absoluteUrl, siteUrl } from "@/lib/site-url";
import { availabilityPercent, sitemapGrade, sitemapHealth, type SitemapGrade, type SitemapHealth } from "./health";
import { getSitemapXml } from "./queries";
import {
  auditPageHtml,
  mapWithConcurrency,
  redirectedPage,
  summarizeSeoAudit,
  unreachablePage,
  type PageAudit,
  type SeoIssue,
} from "./seo-audit";
import { readSitemapFigures } from "./summary";

// GET /api/v1/admin/sitemap/status and the "Mantenimiento Sitemap" panel. Every figure is
// measured, none made up: the server requests its own /sitemap.xml and
// times it, audits the HTML of every URL listed (cached ~10 min in sitemap_seo_audits), and
// records one check a minute in sitemap_checks, from which availability and trends are read.
// The server only ever requests itself: loopback on its own port, then SITE_URL — never the
// request's Host — and only the paths of its own sitemap's URLs, without following redirects.

const SITEMAP_TIMEOUT_MS = 5_000;
const PAGE_TIMEOUT_MS = 10_000;
const CRAWL_CONCURRENCY = 4;
/** At most this many URLs of the sitemap are audited per crawl (the first ones, in sitemap order). */
export const MAX_AUDITED_URLS = 200;
/** How long an SEO audit is reused before the next status crawls the site again. */
export const SEO_AUDIT_TTL_MS = 10 * 60_000;
/** At most one recorded check per this interval. */
export const CHECK_INTERVAL_MS = 60_000;
/** Checks and audits older than this are deleted when new ones are recorded. */
export const RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Serializes check recording across instances (pg advisory lock; 72707369 is the migrator's). */
const CHECK_LOCK_KEY = 72707370;

export type SeoReport = {
  score: number | null;
  passed: number;
  total: number;
  checked_urls: number;
  checked_at: string | null;
  issues: SeoIssue[];
  /** Why there is no audit (the site could not be reached over HTTP), or null. */
  error: string | null;
  /** The sitemap's URLs on this site's origin (SITE_URL), the ones the audit may request. */
  listed_urls: number;
  /** True when the site has more than MAX_AUDITED_URLS of them and only the first ones were audited. */
  capped: boolean;
  /** Sitemap URLs on another origin than SITE_URL: never requested. */
  ignored_urls: number;
};

export type SitemapTrend = { date: string; checks: number; ok: number; avg_response_ms: number | null };

export type SitemapStatus = {
  public_exists: boolean;
  backup_exists: boolean;
  public_size: number;
  public_modified: string | null;
  public_url: string;
  urls_count: number;
  static_count: number;
  dynamic_count: number;
  content: { products: number; services: number; static: number };
  response_time_ms: number | null;
  /** "http": a GET of /sitemap.xml from this server; "build": the time to build the XML (no HTTP possible). */
  response_time_source: "http" | "build";
  status_code: number | null;
  seo: SeoReport;
  availability: { percent: number | null; ok: number; checks: number; since: string | null };
  trends: SitemapTrend[];
  health: SitemapHealth;
  grade: SitemapGrade;
  last_generated_at: string | null;
  last_generated_urls_count: number | null;
  backup_generated_at: string | null;
  snapshots_count: number;
  checked_at: string;
};

type Measurement = {
  ok: boolean;
  statusCode: number | null;
  responseMs: number;
  xml: string | null;
  source: "http" | "build";
  /** The origin that answered over HTTP (pages are audited from it), or null. */
  origin: string | null;
};

/** This site's public origin (SITE_URL), e.g. "https://example.pe"; null when SITE_URL is not a URL. */
function siteOrigin(): string | null {
  try {
    return new URL(siteUrl()).origin;
  } catch {
    return null;
  }
}

/**
 * Where this server can reach itself: loopback on its own port (PORT, else 3000) first, then the
 * configured public origin (SITE_URL). Never anything taken from a request (its Host header).
 */
export function selfOrigins(): string[] {
  const own = siteOrigin();
  return [...new Set([`http://127.0.0.1:${process.env.PORT || 3000}`, ...(own ? [own] : [])])];
}

export type CrawlPlan = {
  /** Each audited sitemap URL with the URL actually requested (its path on the chosen origin). */
  targets: { loc: string; url: string }[];
  listed: number;
  capped: boolean;
  ignored: number;
};

/**
 * What a crawl from `origin` requests: the path (and query) of each sitemap URL on this site's
 * origin, mapped onto `origin`; URLs on other origins are ignored; at most MAX_AUDITED_URLS.
 */
export function planCrawl(locs: string[], origin: string): CrawlPlan {
  const own = siteOrigin();
  const targets: CrawlPlan["targets"] = [];
  let ignored = 0;
  for (const loc of locs) {
    let url: URL;
    try {
      url = new URL(loc);
    } catch {
      ignored += 1;
      continue;
    }
    if (own === null || url.origin !== own) {
      ignored += 1;
      continue;
    }
    targets.push({ loc, url: `${origin}${url.pathname}${url.search}` });
  }
  return { targets: targets.slice(0, MAX_AUDITED_URLS), listed: targets.length, capped: targets.length > MAX_AUDITED_URLS, ignored };
}

/** GETs /sitemap.xml from the first origin that answers and times it; falls back to timing the build. */
async function measureSitemap(origins: string[]): Promise<Measurement> {
  for (const origin of origins) {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}/sitemap.xml`, {
        cache: "no-store",
        redirect: "manual",
        signal: AbortSignal.timeout(SITEMAP_TIMEOUT_MS),
      });
      const body = await response.text();
      const responseMs = performance.now() - started;
      const ok = response.ok && body.includes("<urlset");
      return { ok, statusCode: response.status, responseMs, xml: ok ? body : null, source: "http", origin };
    } catch {
      // Not reachable at this origin (refused, timed out): try the next one.
    }
  }
  const started = performance.now();
  try {
    const xml = await getSitemapXml();
    return { ok: true, statusCode: null, responseMs: performance.now() - started, xml, source: "build", origin: null };
  } catch (error) {
    console.error("[sitemap] building the sitemap failed", error);
    return { ok: false, statusCode: null, responseMs: performance.now() - started, xml: null, source: "build", origin: null };
  }
}

/** Records the measurement as a check unless one was recorded in the last minute; prunes old checks. */
async function recordCheck(measurement: Measurement, now: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CHECK_LOCK_KEY})`);
    const recent = await tx.sitemapCheck.findFirst({
      where: { checkedAt: { gt: new Date(now.getTime() - CHECK_INTERVAL_MS) } },
      select: { id: true },
    });
    if (recent) return false;
    await tx.sitemapCheck.deleteMany({ where: { checkedAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
    await tx.sitemapCheck.create({
      data: {
        checkedAt: now,
        ok: measurement.ok,
        statusCode: measurement.statusCode,
        responseMs: Math.round(measurement.responseMs),
      },
    });
    return true;
  });
}

/** Availability over the last 30 days from the recorded checks: ok / total, with the count. */
export async function readAvailability(now: Date = new Date()): Promise<SitemapStatus["availability"]> {
  const since = new Date(now.getTime() - RETENTION_MS);
  const where = { checkedAt: { gte: since } };
  const [checks, ok, first] = await Promise.all([
    db.sitemapCheck.count({ where }),
    db.sitemapCheck.count({ where: { ...where, ok: true } }),
    db.sitemapCheck.findFirst({ where, orderBy: { checkedAt: "asc" }, select: { checkedAt: true } }),
  ]);
  return { percent: availabilityPercent(ok, checks), ok, checks, since: first?.checkedAt.toISOString() ?? null };
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

type PlanFigures = Pick<SeoReport, "listed_urls" | "capped" | "ignored_urls">;

const planFigures = (plan: CrawlPlan): PlanFigures => ({ listed_urls: plan.listed, capped: plan.capped, ignored_urls: plan.ignored });

function reportFromRow(
  row: { score: number; passed: number; total: number; checkedUrls: number; checkedAt: Date; issues: Prisma.JsonValue },
  figures: PlanFigures,
): SeoReport {
  return {
    score: row.score,
    passed: row.passed,
    total: row.total,
    checked_urls: row.checkedUrls,
    checked_at: row.checkedAt.toISOString(),
    issues: Array.isArray(row.issues) ? (row.issues as unknown as SeoIssue[]) : [],
    error: null,
    ...figures,
  };
}

/** Fetches one page (redirects not followed: a 3xx fails the fetch check) and audits its HTML. */
async function auditPage(loc: string, url: string): Promise<PageAudit> {
  try {
    const response = await fetch(url, { cache: "no-store", redirect: "manual", signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      return redirectedPage(loc, response.status);
    }
    const html = await response.text();
    if (!response.ok) return unreachablePage(loc, response.status);
    return auditPageHtml(loc, html);
  } catch {
    return unreachablePage(loc, null);
  }
}

/** Identifies a set of URLs, whatever their order. */
const urlsHash = (locs: string[]) => createHash("sha256").update([...locs].sort().join("\n")).digest("hex");

/**
 * Audits the sitemap's URLs from `origin` (4 at a time, see planCrawl) and stores the result;
 * prunes old audits.
 */
export async function crawlSeoAudit(origin: string, locs: string[], now: Date = new Date()): Promise<SeoReport> {
  const plan = planCrawl(locs, origin);
  const pages = await mapWithConcurrency(plan.targets, CRAWL_CONCURRENCY, (target) => auditPage(target.loc, target.url));
  const summary = summarizeSeoAudit(pages);
  const row = await db.$transaction(async (tx) => {
    await tx.sitemapSeoAudit.deleteMany({ where: { checkedAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
    return tx.sitemapSeoAudit.create({
      data: {
        score: summary.score ?? 0,
        passed: summary.passed,
        total: summary.total,
        checkedUrls: summary.checked_urls,
        urlsHash: urlsHash(locs),
        issues: summary.issues as unknown as Prisma.InputJsonValue,
      },
    });
  });
  return { ...reportFromRow(row, planFigures(plan)), score: summary.score };
}

let crawling: Promise<SeoReport> | null = null;

/**
 * The stored audit when it is fresh, of the same URLs and not forced; otherwise a new crawl (one
 * at a time per process).
 */
async function seoReport(origin: string | null, locs: string[], force: boolean, now: Date): Promise<SeoReport> {
  const latest = await db.sitemapSeoAudit.findFirst({ orderBy: { checkedAt: "desc" } });
  const figures = planFigures(planCrawl(locs, origin ?? ""));
  const reusable = latest && !force && latest.urlsHash === urlsHash(locs) && now.getTime() - latest.checkedAt.getTime() < SEO_AUDIT_TTL_MS;
  if (reusable) return reportFromRow(latest, figures);
  if (!origin || figures.listed_urls === 0) {
    const error =
      locs.length === 0
        ? "El sitemap no tiene URLs que revisar."
        : figures.listed_urls === 0
          ? `Ninguna URL del sitemap pertenece a ${siteUrl()}: no se revisó ninguna página.`
          : "No se pudo acceder al sitio por HTTP para revisar sus páginas.";
    if (latest) return { ...reportFromRow(latest, figures), error };
    return { score: null, passed: 0, total: 0, checked_urls: 0, checked_at: null, issues: [], error, ...figures };
  }
  crawling ??= crawlSeoAudit(origin, locs, now).finally(() => {
    crawling = null;
  });
  return crawling;
}

/**
 * The panel's status. `refresh` forces a new SEO audit ("Actualizar", a POST only); `origins`
 * replaces selfOrigins() (tests: a local server, or [] for the build-timed fallback).
 */
export async function getSitemapStatus(options: { refresh?: boolean; origins?: string[] } = {}): Promise<SitemapStatus> {
  const now = new Date();
  const measurement = await measureSitemap(options.origins ?? selfOrigins());
  await recordCheck(measurement, now);
  const figures = measurement.xml ? readSitemapFigures(measurement.xml) : null;

  const [seo, availability, trends, snapshots, snapshotsCount] = await Promise.all([
    seoReport(measurement.origin, figures?.locs ?? [], options.refresh === true, now),
    readAvailability(now),
    readTrends(now),
    db.sitemapSnapshot.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 2, select: { createdAt: true, urlsCount: true } }),
    db.sitemapSnapshot.count(),
  ]);

  const lastGenerated = snapshots[0] ?? null;
  let publicModified = figures?.newest_lastmod ?? null;
  if (lastGenerated && (!publicModified || lastGenerated.createdAt.toISOString() > publicModified)) {
    publicModified = lastGenerated.createdAt.toISOString();
  }
  const responseMs = Math.round(measurement.responseMs);
  const health = sitemapHealth({ publicExists: measurement.ok, seoScore: seo.score, lastResponseMs: responseMs, activeIssues: seo.issues.length });

  return {
    public_exists: measurement.ok,
    backup_exists: snapshotsCount >= 2,
    public_size: measurement.xml ? Buffer.byteLength(measurement.xml, "utf8") : 0,
    public_modified: measurement.ok ? publicModified : null,
    public_url: absoluteUrl("/sitemap.xml"),
    urls_count: figures?.urls_count ?? 0,
    static_count: figures?.static_count ?? 0,
    dynamic_count: figures?.dynamic_count ?? 0,
    content: { products: figures?.products ?? 0, services: figures?.services ?? 0, static: figures?.static_count ?? 0 },
    response_time_ms: responseMs,
    response_time_source: measurement.source,
    status_code: measurement.statusCode,
    seo,
    availability,
    trends,
    health,
    grade: sitemapGrade(health, seo.score),
    last_generated_at: lastGenerated?.createdAt.toISOString() ?? null,
    last_generated_urls_count: lastGenerated?.urlsCount ?? null,
    backup_generated_at: snapshots[1]?.createdAt.toISOString() ?? null,
    snapshots_count: snapshotsCount,
    checked_at: now.toISOString(),
  };
}
