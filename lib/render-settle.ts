/**
 * How long after a write its cache tags are expired a second time (lib/cache.ts). A page whose
 * render began before the write (a visitor's request, the sitemap panel's crawl) still reads the
 * old data, and when it finishes after the write Next stores it as fresh, kept for the page's
 * hour; a request that arrives meanwhile is even given that render's answer. Expiring the tags
 * again once such renders are over throws that copy away, so a write is on every public page
 * within this time at worst (and on the first request when no render of that page was under way).
 * Plain data, so the e2e specs that wait for it read the same figure.
 */
export const RENDER_SETTLE_MS = 5_000;
