// `npm run bench`, the public pages: each measured against the pre-rendered reference page nearest
// its size (page ÷ reference, the median of ROUNDS back-to-back rounds), a bare Node server
// answering its exact bytes, and, with --front, through the caching proxy.
import { BENCH_REFERENCE_SIZES_KB } from "../../../lib/bench/reference-pages";
import { median } from "../../../lib/stats";
import type { BareServer } from "../bench-bare";
import { fetchRaw, measure, type LoadOptions, type Measurement } from "../bench-measure";
import { publicPages } from "../bench-targets";
import { fmt } from "./report";
import type { BenchRun, PageResult, Reference } from "./run";

/** NaN when either side completed nothing: no figure, and a failed bar. */
const ratio = (a: number, b: number) => (a > 0 && b > 0 ? a / b : Number.NaN);

/** The run of median req/s, carrying the errors, timeouts and non-2xx answers of all the runs. */
function medianRun(runs: Measurement[]): Measurement {
  const byRps = [...runs].sort((a, b) => a.rps - b.rps);
  const chosen = byRps[Math.floor((byRps.length - 1) / 2)];
  const sum = (key: "errors" | "timeouts" | "non2xx") => runs.reduce((total, run) => total + run[key], 0);
  return { ...chosen, errors: sum("errors"), timeouts: sum("timeouts"), non2xx: sum("non2xx") };
}

export async function readReferences({ baseUrl }: BenchRun): Promise<Reference[]> {
  const references: Reference[] = [];
  for (const kb of BENCH_REFERENCE_SIZES_KB) {
    const pathname = `/bench-reference/${kb}`;
    const page = await fetchRaw(`${baseUrl}${pathname}`);
    if (page.status !== 200) throw new Error(`${pathname} respondió ${page.status}: ¿compilación sin BENCH_REFERENCE_PAGES=1?`);
    references.push({ kb, path: pathname, bytes: page.body.length });
  }
  return references;
}

function nearest(references: Reference[], bytes: number): Reference {
  return references.reduce((best, reference) => (Math.abs(reference.bytes - bytes) < Math.abs(best.bytes - bytes) ? reference : best));
}

async function discover(baseUrl: string) {
  const json = async <T>(pathname: string) => (await (await fetch(`${baseUrl}${pathname}`)).json()) as T;
  const sectors = await json<{ data: { slug: string }[] }>("/api/v1/sectors");
  const products = await json<{ data: { slug: string }[] }>("/api/v1/products");
  const services = await json<{ data: { slug: string }[] }>("/api/v1/services");
  // The demo content comes first in the catalogue's order; the bench rows after it.
  const firstSlug = (items: { slug: string }[], label: string) => {
    const item = items.find((entry) => !entry.slug.startsWith("bench-")) ?? items[0];
    if (!item) throw new Error(`No hay ${label} públicos para medir su detalle`);
    return item.slug;
  };
  return {
    sectorSlugs: sectors.data.map((sector) => sector.slug),
    productSlug: firstSlug(products.data, "productos"),
    serviceSlug: firstSlug(services.data, "servicios"),
  };
}

/**
 * A public page is regenerated in the background once its `revalidate` (an hour; /contacto five
 * minutes) has passed: the first request after that gets the stale copy and starts one render.
 * That render, once per revalidate period in production, would be charged to a 3-second run. So
 * each round starts on a fresh entry: a page Next answers STALE is requested until its new copy
 * is served. Returns whether it had to wait (counted and printed).
 */
async function waitUntilFresh(url: string): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  let waited = false;
  for (;;) {
    const page = await fetchRaw(url);
    if (page.headers.get("x-nextjs-cache") !== "STALE") return waited;
    if (Date.now() > deadline) throw new Error("la regeneración en segundo plano no terminó en 2 minutos");
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Heavy pages (the bench's unpaged lists of 1,000 items weigh megabytes) are served at a few dozen
 * requests per second: 50 connections would keep two seconds of requests in flight, and what a
 * short run cuts off at its end would weigh more than the difference being measured. For them,
 * the page and its reference alike run on 10 connections (still more than one Next process
 * serves at once) for at least 5 seconds.
 */
const HEAVY_PAGE_BYTES = 300_000;

async function measurePage({ baseUrl, load, rounds }: BenchRun, bare: BareServer, references: Reference[], frontUrl: string | null, route: string, pathname: string): Promise<PageResult> {
  const heavyLoad: LoadOptions = { ...load, connections: Math.min(load.connections, 10), duration: Math.max(load.duration, 5) };
  const raw = await fetchRaw(`${baseUrl}${pathname}`);
  if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
  await bare.serve(pathname, raw);
  const reference = nearest(references, raw.body.length);
  // The page and its reference are measured back to back ROUNDS times and the ratio is the median
  // of the rounds' ratios: a slow moment of this 2-core machine then hits one round of both.
  const pageRuns: Measurement[] = [];
  const referenceRuns: Measurement[] = [];
  let regenerations = 0;
  const pageLoad = raw.body.length > HEAVY_PAGE_BYTES ? heavyLoad : load;
  for (let round = 0; round < rounds; round += 1) {
    const options = { ...pageLoad, warmup: round === 0 ? pageLoad.warmup : 0 };
    if (await waitUntilFresh(`${baseUrl}${pathname}`)) regenerations += 1;
    // Which goes first alternates: a machine slowing down (or speeding up) through a round does
    // not always favour the same side.
    const measurePageRun = async () => pageRuns.push(await measure({ url: `${baseUrl}${pathname}` }, options));
    const measureReferenceRun = async () => referenceRuns.push(await measure({ url: `${baseUrl}${reference.path}` }, options));
    if (round % 2 === 0) {
      await measurePageRun();
      await measureReferenceRun();
    } else {
      await measureReferenceRun();
      await measurePageRun();
    }
  }
  const page = medianRun(pageRuns);
  const referenceResult = medianRun(referenceRuns);
  const bareResult = await measure({ url: `${bare.url}${pathname}` }, load);
  const front = frontUrl ? await measure({ url: `${frontUrl}${pathname}` }, load) : undefined;
  return {
    route,
    path: pathname,
    bytes: raw.body.length,
    page,
    reference: { ...reference, result: referenceResult },
    bare: bareResult,
    front,
    ratioReference: median(pageRuns.map((run, round) => ratio(run.rps, referenceRuns[round].rps))),
    ratioBare: ratio(page.rps, bareResult.rps),
    ratioFrontBare: front ? ratio(front.rps, bareResult.rps) : undefined,
    regenerations,
  };
}

export async function measurePages(run: BenchRun, bare: BareServer, references: Reference[], frontUrl: string | null): Promise<PageResult[]> {
  const { log, failures, allVariants } = run;
  const pages = publicPages({ all: allVariants, ...(await discover(run.baseUrl)) });
  log(`${pages.length} páginas públicas${allVariants ? " (todas las variantes)" : " (muestra: cada ruta, un valor por parámetro, todas las pestañas; --all-variants para todas)"}`);
  const results: PageResult[] = [];
  for (const [index, { route, path: pathname }] of pages.entries()) {
    try {
      const result = await measurePage(run, bare, references, frontUrl, route, pathname);
      results.push(result);
      log(`${index + 1}/${pages.length} ${pathname}: ${(result.bytes / 1024).toFixed(0)} kB, ${result.page.rps.toFixed(0)} req/s, ÷ ref ${fmt.ratio(result.ratioReference)}, ÷ node ${fmt.ratio(result.ratioBare, 3)}${result.front ? `, proxy ÷ node ${fmt.ratio(result.ratioFrontBare!)}` : ""}${result.regenerations ? ` (esperó ${result.regenerations} regeneración(es) en segundo plano antes de medir)` : ""}`);
    } catch (error) {
      // One page that cannot be measured is a failure of the run, not the end of it.
      failures.push({ target: pathname, error: (error as Error).message });
      log(`${index + 1}/${pages.length} ${pathname}: ERROR ${(error as Error).message}`);
    }
  }
  return results;
}

