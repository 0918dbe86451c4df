/**
 * The claim (job_claims.job) the sitemap panel's background refresh runs under (refresh.ts).
 * Plain data, so the e2e helper that waits for the crawl to end reads the same name.
 */
export const REFRESH_JOB = "sitemap-refresh";
