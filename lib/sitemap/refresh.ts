import "server-only";
import { after } from "next/server";
import { db } from "@/lib/db";
import { runExclusively } from "@/lib/jobs/claim";
import { CHECK_INTERVAL_MS, measureSite, selfOrigins } from "./measure";
import { REFRESH_JOB } from "./refresh-job";

// The panel's figures are refreshed in the background, never inside the request that reads
// them. One refresh at a time: per process, every caller shares the running one; across
// instances, the refresh runs under the "sitemap-refresh" claim of job_claims, so while one
// instance measures, the others step aside and report it as under way. A refresh that fails is
// logged; the stored figures stay as they were.

let running: Promise<void> | null = null;
/** "Actualizar" asked for a new SEO audit; the next refresh to start takes it. */
let forceWanted = false;

export type RefreshClaim = {
  /** A refresh is running on some instance (its claim is held). */
  held: boolean;
  /** A refresh started on some instance less than CHECK_INTERVAL_MS ago. */
  startedRecently: boolean;
};

/** What job_claims says of the refresh, on the database's clock (the one its leases use). */
export async function readRefreshClaim(): Promise<RefreshClaim> {
  const rows = await db.$queryRaw<{ held: boolean; recent: boolean }[]>`
    SELECT claimed_until > clock_timestamp() AS held,
           claimed_at > clock_timestamp() - make_interval(secs => ${CHECK_INTERVAL_MS / 1000}) AS recent
      FROM job_claims
     WHERE job = ${REFRESH_JOB}`;
  return { held: rows[0]?.held ?? false, startedRecently: rows[0]?.recent ?? false };
}

/** True while this process runs a refresh. */
export const refreshRunningHere = (): boolean => running !== null;

/** Resolves once no refresh runs in this process (scripts and tests wait for the figures with it). */
export async function waitForSitemapRefresh(): Promise<void> {
  while (running) await running;
}

async function runOnce(origins: string[], force: boolean): Promise<void> {
  try {
    // Held elsewhere: that instance is measuring, and its figures are the answer (a forced audit
    // asked of this one is not kept for later).
    await runExclusively(REFRESH_JOB, () => measureSite(origins, force));
  } catch (error) {
    console.error("[sitemap] the background measurement failed", error);
  }
}

function launch(origins: string[]): Promise<void> {
  const force = forceWanted;
  forceWanted = false;
  const run = runOnce(origins, force).finally(() => {
    running = null;
    // "Actualizar" pressed while this run was under way: its audit may have been decided
    // already, so one more run follows, with a new audit.
    if (forceWanted) keepAlive(launch(origins));
  });
  running = run;
  return run;
}

/** Lets the request's host keep the process alive for it (Next's after()); outside a request it simply runs on. */
function keepAlive(run: Promise<void>) {
  try {
    after(run);
  } catch {
    // Outside a request (scripts, tests) or after its response: the run goes on by itself.
  }
}

/**
 * Starts a background refresh of the panel's figures, or joins the one running in this process;
 * never waits for it (the promise returned never rejects). `force` also audits every page again.
 * `origins` replaces selfOrigins() (tests: a local server, or [] to time the build instead).
 */
export function startSitemapRefresh(options: { force?: boolean; origins?: string[] } = {}): Promise<void> {
  if (options.force) forceWanted = true;
  const run = running ?? launch(options.origins ?? selfOrigins());
  keepAlive(run);
  return run;
}
