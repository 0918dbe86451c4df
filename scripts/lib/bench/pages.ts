// `npm run bench`, the public pages: each measured against the page nearest its size of a bare Next
// app (page ÷ bare Next, scripts/lib/bench/bare-next.ts), of the same app with its ETag off (as
// this app runs) and of the in-app references (page ÷ reference), each the median of ROUNDS rounds
// taking the four in turn; then against a bare Node server answering its exact bytes, and, with
// --front, through the caching proxy.
import { BENCH_REFERENCE_SIZES_KB } from "../../../lib/bench/reference-pages";
import { median } from "../../../lib/stats";
import type { BareServer } from "../bench-bare";
import type { BareNext } from "./bare-next";
import { fetchRaw, measure, type LoadOptions, type Measurement } from "../bench-measure";
import { publicPages } from "../bench-targets";
import { fmt } from "./report";
import type { BenchRun, FloorSpread, PageResult, Reference } from "./run";

/** NaN when either side completed nothing: no figure, and a failed bar. */
const ratio = (a: number, b: number) => (a > 0 && b > 0 ? a / b : Number.NaN);

/** The median over the rounds of page ÷ other side, each round's two runs taken together. */
const roundsRatio = (pageRuns: Measurement[], sideRuns: Measurement[]) => median(pageRuns.map((run, round) => ratio(run.rps, sideRuns[round].rps)));

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

export function nearest(references: Reference[], bytes: number): Reference {
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

/** What a public page is measured against: in each round the two bare Next floors and the reference; then bare Node. */
export type Floors = { bare: BareServer; bareNext: BareNext; bareNextWithoutEtag: BareNext; references: Reference[] };

async function measurePage({ baseUrl, load, rounds }: BenchRun, { bare, bareNext, bareNextWithoutEtag, references }: Floors, frontUrl: string | null, route: string, pathname: string): Promise<PageResult> {
  const heavyLoad: LoadOptions = { ...load, connections: Math.min(load.connections, 10), duration: Math.max(load.duration, 5) };
  const raw = await fetchRaw(`${baseUrl}${pathname}`);
  if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
  await bare.serve(pathname, raw);
  const reference = nearest(references, raw.body.length);
  const floor = nearest(bareNext.references, raw.body.length);
  // The page, its reference and its floors are measured in turn ROUNDS times and each ratio is the
  // median of the rounds' ratios: a slow moment of this 2-core machine then hits one round of all.
  // Both floors serve the same page of the same build.
  const pageRuns: Measurement[] = [];
  const referenceRuns: Measurement[] = [];
  const floorRuns: Measurement[] = [];
  const floorWithoutEtagRuns: Measurement[] = [];
  let regenerations = 0;
  const pageLoad = raw.body.length > HEAVY_PAGE_BYTES ? heavyLoad : load;
  for (let round = 0; round < rounds; round += 1) {
    const options = { ...pageLoad, warmup: round === 0 ? pageLoad.warmup : 0 };
    if (await waitUntilFresh(`${baseUrl}${pathname}`)) regenerations += 1;
    const sides = [
      async () => pageRuns.push(await measure({ url: `${baseUrl}${pathname}` }, options)),
      async () => referenceRuns.push(await measure({ url: `${baseUrl}${reference.path}` }, options)),
      async () => floorRuns.push(await measure({ url: `${bareNext.url}${floor.path}` }, options)),
      async () => floorWithoutEtagRuns.push(await measure({ url: `${bareNextWithoutEtag.url}${floor.path}` }, options)),
    ];
    // Which goes first turns each round: a machine slowing down (or speeding up) through a round
    // does not always favour the same side.
    for (let turn = 0; turn < sides.length; turn += 1) await sides[(round + turn) % sides.length]();
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
    floor: { ...floor, result: medianRun(floorRuns) },
    floorWithoutEtag: medianRun(floorWithoutEtagRuns),
    bare: bareResult,
    front,
    ratioReference: roundsRatio(pageRuns, referenceRuns),
    ratioFloor: roundsRatio(pageRuns, floorRuns),
    ratioFloorWithoutEtag: roundsRatio(pageRuns, floorWithoutEtagRuns),
    ratioBare: ratio(page.rps, bareResult.rps),
    ratioFrontBare: front ? ratio(front.rps, bareResult.rps) : undefined,
    regenerations,
  };
}

/** `only`: measure just the pages whose path contains one of these texts (all when empty). */
export async function measurePages(run: BenchRun, floors: Floors, frontUrl: string | null, only: string[] = []): Promise<PageResult[]> {
  const { log, failures, allVariants } = run;
  const pages = publicPages({ all: allVariants, ...(await discover(run.baseUrl)) }).filter((page) => only.length === 0 || only.some((text) => page.path.includes(text)));
  log(`${pages.length} páginas públicas${allVariants ? " (todas las variantes)" : " (muestra: cada ruta, un valor por parámetro, todas las pestañas; --all-variants para todas)"}`);
  const results: PageResult[] = [];
  for (const [index, { route, path: pathname }] of pages.entries()) {
    try {
      const result = await measurePage(run, floors, frontUrl, route, pathname);
      results.push(result);
      log(`${index + 1}/${pages.length} ${pathname}: ${(result.bytes / 1024).toFixed(0)} kB, ${result.page.rps.toFixed(0)} req/s, ÷ Next mínimo ${fmt.ratio(result.ratioFloor)} (sin ETag ${fmt.ratio(result.ratioFloorWithoutEtag)}), ÷ ref ${fmt.ratio(result.ratioReference)}, ÷ node ${fmt.ratio(result.ratioBare, 3)}${result.front ? `, proxy ÷ node ${fmt.ratio(result.ratioFrontBare!)}` : ""}${result.regenerations ? ` (esperó ${result.regenerations} regeneración(es) en segundo plano antes de medir)` : ""}`);
    } catch (error) {
      // One page that cannot be measured is a failure of the run, not the end of it.
      failures.push({ target: pathname, error: (error as Error).message });
      log(`${index + 1}/${pages.length} ${pathname}: ERROR ${(error as Error).message}`);
    }
  }
  return results;
}


/**
 * The floor against itself: for a small, a middle and the largest floor page the public pages
 * used, ROUNDS rounds of the same page twice in a row. Their ratios show how far apart two
 * measures of one and the same thing land on this machine in this run (the noise under every
 * ratio above).
 */
export async function measureFloorSpread({ load, rounds, log }: BenchRun, bareNext: BareNext, pages: PageResult[]): Promise<FloorSpread[]> {
  const used = [...new Map(pages.map((page) => [page.floor.path, page.floor])).values()].sort((a, b) => a.bytes - b.bytes);
  const picked = [...new Set([used[0], used[Math.floor(used.length / 2)], used.at(-1)])].filter((floor) => floor !== undefined);
  const spreads: FloorSpread[] = [];
  for (const floor of picked) {
    const ratios: number[] = [];
    for (let round = 0; round < Math.max(rounds, 3); round += 1) {
      const options = { ...load, warmup: round === 0 ? load.warmup : 0 };
      const first = await measure({ url: `${bareNext.url}${floor.path}` }, options);
      const second = await measure({ url: `${bareNext.url}${floor.path}` }, options);
      ratios.push(ratio(first.rps, second.rps));
    }
    const spread = { path: floor.path, bytes: floor.bytes, ratios, median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
    spreads.push(spread);
    log(`Next mínimo contra sí mismo, ${(floor.bytes / 1024).toFixed(0)} kB: ${ratios.map((value) => fmt.ratio(value)).join(", ")}`);
  }
  return spreads;
}
