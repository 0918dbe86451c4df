import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { siteUrl } from "@/lib/site-url";
import { getSitemapXml } from "./queries";
import { auditPageHtml, mapWithConcurrency, redirectedPage, summarizeSeoAudit, unreachablePage, type PageAudit } from "./seo-audit";
import { readSitemapFigures } from "./summary";

// The measurement behind the "Mantenimiento Sitemap" panel, run in the background (refresh.ts),
// never inside a request that reads the panel: the server requests its own /sitemap.xml and
// times it, records one check a minute in sitemap_checks, and audits the HTML of the listed
// pages into sitemap_seo_audits when the stored audit is older than SEO_AUDIT_TTL_MS, lists other
// URLs, or an admin asked for a new one. The server only ever requests itself: loopback on its
// own port, then SITE_URL — never a request's Host — and only the paths of its own sitemap's
// URLs, without following redirects.

const SITEMAP_TIMEOUT_MS = 5_000;
const PAGE_TIMEOUT_MS = 10_000;
/** Pages requested at once by an audit: it runs beside the site's own traffic, so it stays gentle. */
const CRAWL_CONCURRENCY = 2;
/** At most this many URLs of the sitemap are audited per crawl (the first ones, in sitemap order). */
export const MAX_AUDITED_URLS = 200;
/** How long an SEO audit is reused before a refresh crawls the site again. */
export const SEO_AUDIT_TTL_MS = 10 * 60_000;
/** At most one recorded check per this interval; a stored check older than this is refreshed. */
export const CHECK_INTERVAL_MS = 60_000;
/** Checks and audits older than this are deleted when new ones are recorded. */
export const RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Serializes check recording across instances (pg advisory lock; 72707369 is the migrator's). */
const CHECK_LOCK_KEY = 72707370;

export type Measurement = {
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
export function planCrawl(locs: readonly string[], origin: string): CrawlPlan {
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

/** Identifies a set of URLs, whatever their order: an audit is reused only for the same set. */
export const urlsHash = (locs: readonly string[]) => createHash("sha256").update([...locs].sort().join("\n")).digest("hex");

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

/** Audits the planned pages (CRAWL_CONCURRENCY at a time) and stores the result; prunes old audits. */
async function crawlSeoAudit(plan: CrawlPlan, locs: readonly string[]): Promise<void> {
  const pages = await mapWithConcurrency(plan.targets, CRAWL_CONCURRENCY, (target) => auditPage(target.loc, target.url));
  const summary = summarizeSeoAudit(pages);
  await db.$transaction(async (tx) => {
    await tx.sitemapSeoAudit.deleteMany({ where: { checkedAt: { lt: new Date(Date.now() - RETENTION_MS) } } });
    await tx.sitemapSeoAudit.create({
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
}

export type SiteMeasurement = {
  /** A check was recorded (false: one was already recorded in the last CHECK_INTERVAL_MS). */
  recorded: boolean;
  /** The pages were audited and a new audit stored. */
  audited: boolean;
};

/**
 * One measurement of the site: times /sitemap.xml (recorded as a check, at most one a minute),
 * then audits its pages when the stored audit is missing, older than SEO_AUDIT_TTL_MS, of other
 * URLs, or `force` (an admin asked for a new one). No audit without HTTP access to the site or
 * URLs of its own.
 */
export async function measureSite(origins: string[], force: boolean): Promise<SiteMeasurement> {
  const now = new Date();
  const measurement = await measureSitemap(origins);
  const recorded = await recordCheck(measurement, now);
  if (!measurement.origin || !measurement.xml) return { recorded, audited: false };
  const { locs } = readSitemapFigures(measurement.xml);
  const plan = planCrawl(locs, measurement.origin);
  if (plan.listed === 0) return { recorded, audited: false };
  const latest = await db.sitemapSeoAudit.findFirst({ orderBy: { checkedAt: "desc" }, select: { checkedAt: true, urlsHash: true } });
  const fresh = latest !== null && latest.urlsHash === urlsHash(locs) && now.getTime() - latest.checkedAt.getTime() < SEO_AUDIT_TTL_MS;
  if (fresh && !force) return { recorded, audited: false };
  await crawlSeoAudit(plan, locs);
  return { recorded, audited: true };
}
