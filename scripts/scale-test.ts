// `npm run test:scale`: two production instances (`npm start`) on two ports sharing
// one PostgreSQL database and one Redis (a redis-server of its own, loopback only, no disk),
// checked for what a load balancer in front of them needs:
//   1. a product and a testimonial edited through instance A's admin API show through instance B
//      on the first request after the write (B's copies were cached before): the product page,
//      /api/v1/products, /sitemap.xml, /testimonios and /api/v1/testimonials; the delay is printed;
//   2. two billing runs started at once (`npm run billing:run` twice) invoice every due
//      subscription exactly once;
//   3. Redis stopped for 10 s, then frozen (SIGSTOP) for 5 s, under light traffic on both
//      instances: no 5xx, no request slower than 5 s, /api/health says where Redis is, and a write
//      on A once Redis is back shows on B on the first request again;
//   4. media on one S3-compatible store (an s3rver of its own, tests/helpers/s3-server.ts: the S3
//      protocol on loopback, no Docker; deployments use MinIO, docker-compose.yml): an image
//      uploaded through A is served by B in every size with the same bytes; deleted through B,
//      A answers 404 for each of its files.
// Prints the figures and exits 1 when a bar fails. Needs PostgreSQL (DATABASE_URL's server: a
// throwaway database there) and redis-server (apt-get install redis-server). Reuses the build in
// NEXT_DIST_DIR when it is current; otherwise instance A builds first.
//
// SCALE_PORT (default 3660; B uses +1), SCALE_REDIS_PORT (default 56380).
import "./lib/load-env";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import sharp from "sharp";
import { s3Storage } from "../lib/media/storage/s3";
import { startS3Server, type TestS3Server } from "../tests/helpers/s3-server";
import { adminToken } from "./lib/admin-token";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { killRedisServer, redisKeyCount, startRedisServer } from "./lib/redis-server";

const portA = Number(process.env.SCALE_PORT || 3660);
const portB = portA + 1;
const redisPort = Number(process.env.SCALE_REDIS_PORT || 56380);
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const REDIS_OUTAGE_MS = 10_000;
const REDIS_FREEZE_MS = 5_000;
const SLOW_MS = 5_000;
const COHERENCE_WAIT_MS = 15_000;
const runId = randomBytes(3).toString("hex");
const startedAt = Date.now();
const failures: string[] = [];

function check(ok: boolean, message: string) {
  if (!ok) failures.push(message);
  console.log(`  ${ok ? "✓" : "✗"} ${message}`);
  return ok;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[scale ${String(Math.round((Date.now() - startedAt) / 1000)).padStart(4)} s] ${line}`);

// ── Redis: a server of our own ──
let redis: ChildProcess | null = null;
async function startRedis() {
  redis = await startRedisServer(redisPort);
}
const stopRedis = () => killRedisServer(redis);

// ── HTTP ──
type Answer = { status: number; text: string; ms: number };
async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(20_000) });
    return { status: response.status, text: await response.text(), ms: Date.now() - started };
  } catch {
    return { status: 0, text: "", ms: Date.now() - started };
  }
}
async function send(base: string, method: string, path: string, token: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Reads `path` through B right after a write: whether the first answer already shows the change,
 * and after how long one did (polled every 100 ms, up to COHERENCE_WAIT_MS).
 */
async function observe(base: string, path: string, shows: (text: string) => boolean, writtenAt: number): Promise<{ first: boolean; delayMs: number | null }> {
  const first = await get(base, path);
  if (first.status === 200 && shows(first.text)) return { first: true, delayMs: Date.now() - writtenAt };
  while (Date.now() - writtenAt < COHERENCE_WAIT_MS) {
    await sleep(100);
    const again = await get(base, path);
    if (again.status === 200 && shows(again.text)) return { first: false, delayMs: Date.now() - writtenAt };
  }
  return { first: false, delayMs: null };
}

const coherenceRows: string[][] = [];
async function expectCoherent(label: string, base: string, path: string, shows: (text: string) => boolean, writtenAt: number) {
  const seen = await observe(base, path, shows, writtenAt);
  const delay = seen.delayMs === null ? `no en ${COHERENCE_WAIT_MS / 1000} s` : `${seen.delayMs} ms`;
  coherenceRows.push([label, path, seen.first ? "sí" : "no", delay]);
  check(seen.first, `${label}: B muestra el cambio en la primera petición tras la escritura (${path}, ${delay})`);
}

/** Reads every path twice through both instances, so each has a cached copy before the write. */
async function warm(apps: FreshApp[], paths: string[]) {
  for (const app of apps) for (const path of paths) for (let i = 0; i < 2; i++) await get(app.baseUrl, path);
}

type ProductRow = { id: number; slug: string; name: string };
type TestimonialRow = { id: number; content: string };

async function productAndTestimonial(base: string): Promise<{ product: ProductRow; testimonial: TestimonialRow }> {
  const products = JSON.parse((await get(base, "/api/v1/products")).text) as { data: ProductRow[] };
  const testimonials = JSON.parse((await get(base, "/api/v1/testimonials")).text) as { data: TestimonialRow[] };
  if (!products.data?.length || !testimonials.data?.length) throw new Error("La demo no tiene productos o testimonios publicados");
  return { product: products.data[0], testimonial: testimonials.data[0] };
}

/** The product's <lastmod> in the sitemap. */
function sitemapLastmod(xml: string, slug: string): string | null {
  const entry = xml.split("<url>").find((block) => block.includes(`/productos/${slug}</loc>`));
  return entry?.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1] ?? null;
}

async function editAndCompare(a: FreshApp, b: FreshApp, token: string, round: string) {
  const { product, testimonial } = await productAndTestimonial(a.baseUrl);
  const productPath = `/productos/${product.slug}`;
  await warm([a, b], [productPath, "/api/v1/products", "/sitemap.xml", "/testimonios", "/api/v1/testimonials"]);

  const name = `${product.name.replace(/ · escala .*$/, "")} · escala ${runId}-${round}`;
  let writtenAt = Date.now();
  const updated = (await send(a.baseUrl, "PUT", `/api/v1/admin/products/${product.id}`, token, { name })) as { data?: { updated_at?: string } } & { updated_at?: string };
  const updatedAt = updated?.data?.updated_at ?? updated?.updated_at;
  if (!updatedAt) throw new Error(`La respuesta de PUT no trae updated_at: ${JSON.stringify(updated).slice(0, 300)}`);
  await expectCoherent(`producto (${round})`, b.baseUrl, productPath, (html) => html.includes(name), writtenAt);
  await expectCoherent(`producto (${round})`, b.baseUrl, "/api/v1/products", (json) => json.includes(JSON.stringify(name)), writtenAt);
  await expectCoherent(`producto (${round})`, b.baseUrl, "/sitemap.xml", (xml) => sitemapLastmod(xml, product.slug) === new Date(updatedAt).toISOString(), writtenAt);

  const content = `${testimonial.content.replace(/ \[escala [^\]]*\]$/, "")} [escala ${runId}-${round}]`;
  writtenAt = Date.now();
  await send(a.baseUrl, "PUT", `/api/v1/admin/testimonials/${testimonial.id}`, token, { content });
  const marker = `escala ${runId}-${round}`;
  await expectCoherent(`testimonio (${round})`, b.baseUrl, "/testimonios", (html) => html.includes(marker), writtenAt);
  await expectCoherent(`testimonio (${round})`, b.baseUrl, "/api/v1/testimonials", (json) => json.includes(marker), writtenAt);
}

// ── Media on the shared S3-compatible store ──
type MediaSize = { width: number; format: string; bytes: number; url: string };

/** A photo-like JPEG wide enough for every derived width (noise over a gradient, 1,700 × 1,100). */
async function sampleJpeg(): Promise<Buffer> {
  const width = 1700;
  const height = 1100;
  const pixels = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 20 } } }).raw().toBuffer();
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = Math.min(255, pixels[i] * 0.5 + (((i / 3) % width) / width) * 120);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function fileBytes(base: string, url: string): Promise<{ status: number; body: Buffer }> {
  try {
    const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  } catch {
    return { status: 0, body: Buffer.alloc(0) };
  }
}

/** How many objects the bucket holds for an upload: its sizes and its original. */
async function storedObjects(s3: TestS3Server, key: string): Promise<{ sizes: number; originals: number }> {
  const bucket = s3Storage(s3);
  const count = async (prefix: string) => {
    const keys: string[] = [];
    for await (const stored of bucket.list(prefix)) keys.push(stored);
    return keys.length;
  };
  return { sizes: await count(`public/${key}/`), originals: await count(`originals/${key}/`) };
}

async function sharedMedia(a: FreshApp, b: FreshApp, token: string, s3: TestS3Server) {
  const jpeg = await sampleJpeg();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `escala-${runId}.jpg`);
  form.append("alt", `Imagen de la prueba de escala ${runId}`);
  const started = Date.now();
  const response = await fetch(`${a.baseUrl}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const created = (await response.json().catch(() => null)) as { data?: { id: number; sizes: MediaSize[] } } | null;
  const sizes = created?.data?.sizes ?? [];
  if (!check(response.status === 201 && sizes.length > 0, `subida de ${(jpeg.length / 1024).toFixed(0)} KB por A: ${response.status}, ${sizes.length} tamaños en ${Date.now() - started} ms`)) return;

  let same = 0;
  const different: string[] = [];
  for (const size of sizes) {
    const [fromA, fromB] = await Promise.all([fileBytes(a.baseUrl, size.url), fileBytes(b.baseUrl, size.url)]);
    if (fromB.status === 200 && fromA.status === 200 && fromB.body.equals(fromA.body) && fromB.body.length === size.bytes) same += 1;
    else different.push(`${size.format} ${size.width}: A ${fromA.status} ${fromA.body.length} B, B ${fromB.status} ${fromB.body.length} B`);
  }
  const formats = [...new Set(sizes.map((size) => size.format))].join(", ");
  const widths = [...new Set(sizes.map((size) => size.width))].join(", ");
  check(same === sizes.length, `B sirve los ${sizes.length} tamaños (${widths} px; ${formats}) con los mismos bytes que A: ${same} iguales${different.length ? `; distintos: ${different.join("; ")}` : ""}`);
  const key = /^\/media\/([^/]+)\//.exec(sizes[0].url)?.[1] ?? "";
  const stored = await storedObjects(s3, key);
  check(stored.sizes === sizes.length && stored.originals === 1, `en el depósito S3: ${stored.sizes} tamaños y ${stored.originals} original`);

  const removed = await fetch(`${b.baseUrl}/api/v1/admin/media/${created!.data!.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  check(removed.status === 200, `borrada por B: ${removed.status}`);
  const afterDelete = await Promise.all(sizes.map((size) => fileBytes(a.baseUrl, size.url)));
  const gone = afterDelete.filter((answer) => answer.status === 404).length;
  check(gone === sizes.length, `después, A responde 404 a ${gone} de ${sizes.length} archivos (${[...new Set(afterDelete.map((answer) => answer.status))].join(", ")})`);
  const left = await storedObjects(s3, key);
  check(left.sizes === 0 && left.originals === 0, `en el depósito S3 no queda nada de ella (${left.sizes} tamaños, ${left.originals} originales)`);
}

// ── Billing: two runs at once ──
function billingRun(databaseUrl: string, day: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "billing:run", "--", day], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

async function concurrentBilling(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const day = "2031-01-15";
    // Every active subscription falls due; one whose client asked to cancel is cancelled, not invoiced.
    const due = await client.query<{ id: number; cancelling: boolean }>(
      `UPDATE subscriptions SET next_billing_date = $1::date WHERE status = 'active' RETURNING id, cancel_requested_at IS NOT NULL AS cancelling`,
      [day],
    );
    const ids = due.rows.filter((row) => !row.cancelling).map((row) => row.id);
    const cancelling = due.rows.filter((row) => row.cancelling).map((row) => row.id);
    const before = Number((await client.query(`SELECT count(*) FROM invoices`)).rows[0].count);
    const runs = await Promise.all([billingRun(databaseUrl, day), billingRun(databaseUrl, day)]);
    runs.forEach((run, index) => console.log(`  ejecución ${index + 1} (código ${run.code}): ${run.output.trim().split("\n").at(-1)}`));
    const perSubscription = await client.query<{ subscription_id: number; invoices: string }>(
      `SELECT subscription_id, count(*) AS invoices FROM invoices WHERE subscription_id = ANY($1::int[]) AND period_start = $2::date GROUP BY subscription_id`,
      [ids, day],
    );
    const after = Number((await client.query(`SELECT count(*) FROM invoices`)).rows[0].count);
    const once = perSubscription.rows.filter((row) => Number(row.invoices) === 1).length;
    const twice = perSubscription.rows.filter((row) => Number(row.invoices) > 1).length;
    check(runs.every((run) => run.code === 0), "las dos ejecuciones terminan sin error");
    check(ids.length > 0 && once === ids.length && twice === 0, `${ids.length} suscripciones vencidas: ${once} facturadas una vez, ${twice} más de una, ${ids.length - once - twice} sin factura`);
    check(after - before === ids.length, `${after - before} facturas nuevas para ${ids.length} suscripciones vencidas`);
    const cancelled = await client.query(`SELECT id FROM subscriptions WHERE id = ANY($1::int[]) AND status = 'cancelled'`, [cancelling]);
    check(cancelled.rowCount === cancelling.length, `${cancelled.rowCount} de ${cancelling.length} con baja pedida canceladas, sin factura`);
  } finally {
    await client.end();
  }
}

// ── Redis down under light traffic ──
type Traffic = { requests: number; errors5xx: number; failed: number; slowest: number; slowestPath: string; stop: () => Promise<void> };
function lightTraffic(apps: FreshApp[], paths: string[]): Traffic {
  let running = true;
  const traffic: Traffic = { requests: 0, errors5xx: 0, failed: 0, slowest: 0, slowestPath: "", stop: async () => {} };
  const loops = apps.flatMap((app) =>
    [0, 1].map(async (offset) => {
      for (let i = offset; running; i++) {
        const path = paths[i % paths.length];
        const answer = await get(app.baseUrl, path);
        traffic.requests += 1;
        if (answer.ms > traffic.slowest) {
          traffic.slowest = answer.ms;
          traffic.slowestPath = `${app.baseUrl}${path} a los ${Math.round((Date.now() - startedAt) / 1000)} s`;
        }
        if (answer.status >= 500) traffic.errors5xx += 1;
        if (answer.status === 0) traffic.failed += 1;
        await sleep(50);
      }
    }),
  );
  traffic.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return traffic;
}

async function health(app: FreshApp): Promise<{ status: number; redis: string | undefined }> {
  const answer = await get(app.baseUrl, "/api/health");
  const body = JSON.parse(answer.text || "{}") as { redis?: string };
  return { status: answer.status, redis: body.redis };
}

async function redisOutage(a: FreshApp, b: FreshApp, product: ProductRow, token: string) {
  const paths = ["/", `/productos/${product.slug}`, "/productos", "/api/v1/products", "/sitemap.xml", "/testimonios", "/api/v1/testimonials"];
  const before = await health(a);
  check(before.status === 200 && before.redis === "ok", `/api/health con Redis en marcha: ${before.status}, redis ${before.redis}`);

  const traffic = lightTraffic([a, b], paths);
  await sleep(2_000);
  log(`Redis detenido ${REDIS_OUTAGE_MS / 1000} s con tráfico en las dos instancias…`);
  await stopRedis();
  await sleep(1_500);
  const during = await health(a);
  check(during.status === 200 && during.redis === "unreachable", `/api/health con Redis detenido: ${during.status}, redis ${during.redis}`);
  await sleep(REDIS_OUTAGE_MS - 1_500);
  await startRedis();
  log("Redis de nuevo en marcha; ahora congelado (SIGSTOP) 5 s…");
  await sleep(3_000);
  // B caches the product page again, then Redis freezes and the product is edited through A: the
  // revalidation cannot reach Redis. Once Redis answers, B must not serve its old copy for long.
  const productPath = `/productos/${product.slug}`;
  await warm([b], [productPath]);
  redis!.kill("SIGSTOP");
  const name = `${product.name.replace(/ · escala .*$/, "")} · escala ${runId}-congelado`;
  await send(a.baseUrl, "PUT", `/api/v1/admin/products/${product.id}`, token, { name });
  await sleep(REDIS_FREEZE_MS);
  redis!.kill("SIGCONT");
  const thawedAt = Date.now();
  const seen = await observe(b.baseUrl, productPath, (html) => html.includes(name), thawedAt);
  let steady = seen.delayMs !== null;
  for (let i = 0; steady && i < 10; i++) steady = (await get(b.baseUrl, productPath)).text.includes(name);
  check(
    seen.delayMs !== null && seen.delayMs <= 5_000 && steady,
    `un cambio hecho en A con Redis congelado se ve en B ${seen.delayMs === null ? "nunca" : `${seen.delayMs} ms`} después de que Redis vuelve, y en adelante siempre`,
  );
  await sleep(3_000);
  await traffic.stop();
  check(traffic.errors5xx === 0 && traffic.failed === 0, `${traffic.requests} peticiones durante la caída: ${traffic.errors5xx} × 5xx, ${traffic.failed} sin respuesta`);
  check(traffic.slowest <= SLOW_MS, `la petición más lenta tardó ${traffic.slowest} ms (${traffic.slowestPath}; límite ${SLOW_MS} ms)`);
  const back = await health(a);
  check(back.status === 200 && back.redis === "ok", `/api/health con Redis de vuelta: ${back.status}, redis ${back.redis}`);
  check(/\[cache\] Redis no responde/.test(a.log()) && /\[cache\] Redis disponible de nuevo/.test(a.log()), "la instancia A registró la caída de Redis y su vuelta");
}

async function main() {
  let a: FreshApp | null = null;
  let b: FreshApp | null = null;
  let s3: TestS3Server | null = null;
  try {
    if (!process.env.DATABASE_URL) throw new Error("test:scale necesita un servidor PostgreSQL: defina DATABASE_URL (dos instancias no comparten la base embebida).");
    log(`Redis propio en ${redisUrl}`);
    await startRedis();
    s3 = await startS3Server({ bucket: `escala-${runId}` });
    log(`almacenamiento S3 propio (s3rver) en ${s3.endpoint}, depósito ${s3.bucket}`);
    const env = {
      REDIS_URL: redisUrl,
      TRUST_PROXY_HOPS: "0",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: s3.region,
    };
    log(`instancia A en el puerto ${portA} (compila si hace falta)…`);
    a = await startFreshApp({ prefix: "scale", port: portA, embeddedDbPort: 0, env });
    log(`instancia B en el puerto ${portB}, misma base y mismo Redis…`);
    b = await startFreshApp({ prefix: "scale", port: portB, embeddedDbPort: 0, env, databaseUrl: a.databaseUrl, databaseLabel: "la base compartida" });
    const token = await adminToken(a.baseUrl);

    console.log("\n1. Cambios por A, leídos por B");
    await editAndCompare(a, b, token, "1");
    const keys = redisKeyCount(redisPort);
    check(keys > 0, `las instancias guardan su caché en Redis (${keys} claves)`);

    console.log("\n2. Dos facturaciones a la vez");
    await concurrentBilling(a.databaseUrl);

    console.log("\n3. Redis caído y congelado, con tráfico");
    const { product } = await productAndTestimonial(a.baseUrl);
    await redisOutage(a, b, product, token);
    console.log("   …y la coherencia vuelve con Redis:");
    await editAndCompare(a, b, token, "2");

    console.log("\n4. Imágenes en el almacenamiento S3 compartido: subida por A, leída por B, borrada por B");
    await sharedMedia(a, b, token, s3);

    console.log("\nRegistro de la caché en A:");
    for (const line of a.log().split("\n").filter((text) => text.includes("[cache]"))) console.log(`  ${line.trim()}`);

    console.log("\nCambio hecho en A → visto en B:");
    const width = [0, 1, 2, 3].map((column) => Math.max(...coherenceRows.map((row) => row[column].length), 8));
    for (const row of [["cambio", "ruta", "1.ª petición", "retraso"], ...coherenceRows]) {
      console.log(`  ${row.map((cell, column) => cell.padEnd(width[column])).join("  ")}`);
    }
  } catch (error) {
    failures.push((error as Error).message);
    console.error(`\nError: ${(error as Error).message}`);
    if (a) console.error(`--- registro de A ---\n${a.log().slice(-3000)}`);
    if (b) console.error(`--- registro de B ---\n${b.log().slice(-3000)}`);
  } finally {
    await b?.stop();
    await a?.stop();
    if (redis?.signalCode === "SIGSTOP") redis.kill("SIGCONT");
    await stopRedis();
    await s3?.stop();
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  if (failures.length > 0) {
    console.log(`\nResultado: FALLO (${failures.length}) en ${seconds} s`);
    for (const failure of failures) console.log(`  ✗ ${failure}`);
    process.exit(1);
  }
  console.log(`\nResultado: OK en ${seconds} s`);
}

void main();
