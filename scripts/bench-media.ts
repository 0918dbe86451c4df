// `npm run bench:media`: how long processImage takes on a 12-megapixel photo, and what it makes.
// Generates a photo-like 4000×3000 JPEG in memory (smooth shapes plus sensor-like noise, a few MB),
// processes it BENCH_MEDIA_RUNS times (default 3) one after another, and prints each time, the
// median, and every derived size with its bytes next to the original's. Figures only: no pass/fail.
//
// With --http (`npm run bench:media -- --http`), then the upload as an admin lives it: the
// production app (`npm start`, scripts/lib/fresh-app.ts: a fresh database, its uploads in a
// temporary folder unless the S3_* variables name a store) on BENCH_MEDIA_PORT (3680), signed in
// as the seeded admin, the same JPEG POSTed to /api/v1/admin/media BENCH_MEDIA_RUNS times: each
// upload-to-ready time (the 201 comes once every size is stored), their median, and each size's
// bytes from the answer. Starting the app costs under a minute (a fresh database, the demo seed),
// and a build first when NEXT_DIST_DIR's is missing or stale, hence an option. --http-only skips
// the in-process measure. Both measures are exported for other harnesses.
import "./lib/load-env";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { FORMAT_EXT, MEDIA_SIZES, type MediaFormat, type MediaSizesConfig } from "../lib/media/config";
import { processImage, type ProcessedImage } from "../lib/media/process";
import { median } from "../lib/stats";
import { adminToken } from "./lib/admin-token";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { assertPortFree } from "./lib/ports";

export type ProcessingMeasure = {
  /** Milliseconds of each run, in order. */
  times: number[];
  medianMs: number;
  /** The last run's result (every run gives the same sizes). */
  result: ProcessedImage;
};

/** Smooth random texture: a grid of random values every `cell` pixels, interpolated between. */
function valueNoise(width: number, height: number, cell: number, random: () => number): Float32Array {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: columns * rows }, () => random() - 0.5);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const gy = y / cell;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = x / cell;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const top = grid[y0 * columns + x0] * (1 - fx) + grid[y0 * columns + x0 + 1] * fx;
      const bottom = grid[(y0 + 1) * columns + x0] * (1 - fx) + grid[(y0 + 1) * columns + x0 + 1] * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * A photo-like JPEG: broad gradients and waves, texture at several scales (what survives a
 * downscale, like foliage or fabric) and per-pixel sensor noise. The same picture on every run.
 */
export async function photoLikeJpeg(width = 4000, height = 3000, quality = 92): Promise<Buffer> {
  let seed = 0x2f6b1a3d;
  const random = () => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const coarse = valueNoise(width, height, 90, random);
  const medium = valueNoise(width, height, 14, random);
  const fine = valueNoise(width, height, 3, random);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const p = y * width + x;
      const wave = Math.sin(u * 23 + Math.sin(v * 7) * 3) * Math.cos(v * 17 - u * 5);
      const texture = 70 * coarse[p] + 45 * medium[p] + 25 * fine[p];
      const noise = (random() - 0.5) * 18;
      const i = p * 3;
      pixels[i] = Math.max(0, Math.min(255, 80 + 100 * u + 30 * wave + texture + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 70 + 110 * v - 25 * wave + 0.8 * texture + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 150 - 80 * u * v + 40 * wave - 0.5 * texture + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** Runs processImage `runs` times on `input`, one after another, timing each. */
export async function measureProcessing(input: Buffer, runs = 3, config: MediaSizesConfig = MEDIA_SIZES): Promise<ProcessingMeasure> {
  const times: number[] = [];
  let result: ProcessedImage | null = null;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    result = await processImage(input, config);
    times.push(performance.now() - started);
  }
  if (!result) throw new Error("runs must be at least 1");
  return { times, medianMs: median(times), result };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures as printed lines: each run, the median, and a table of the sizes. */
export function describeProcessing(measure: ProcessingMeasure): string[] {
  const { result } = measure;
  const lines = [
    `Procesamiento: ${measure.times.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")} (mediana ${(measure.medianMs / 1000).toFixed(2)} s)`,
    `Original: ${result.mime}, ${result.width}×${result.height}, ${kb(result.bytes)}; marcador ${result.placeholder.length} caracteres; firma ${result.signature}`,
    "",
    `${"ancho".padStart(6)}  ${"alto".padStart(6)}  ${"formato".padEnd(7)}  ${"tamaño".padStart(10)}  % del original`,
  ];
  for (const variant of result.variants) {
    lines.push(
      `${String(variant.width).padStart(6)}  ${String(variant.height).padStart(6)}  ${FORMAT_EXT[variant.format].padEnd(7)}  ${kb(variant.data.length).padStart(10)}  ${((100 * variant.data.length) / result.bytes).toFixed(1)} %`,
    );
  }
  const total = result.variants.reduce((sum, variant) => sum + variant.data.length, 0);
  lines.push(`${"total".padStart(6)}  ${"".padStart(6)}  ${"".padEnd(7)}  ${kb(total).padStart(10)}  ${((100 * total) / result.bytes).toFixed(1)} %`);
  return lines;
}

type UploadedSize = { width: number; height: number; format: MediaFormat; bytes: number; url: string };

export type UploadMeasure = {
  /** Milliseconds from sending each POST to its whole 201 answer, in order. */
  times: number[];
  medianMs: number;
  /** The last answer's sizes. */
  sizes: UploadedSize[];
  /** Where the app kept the files, for the log. */
  storage: string;
};

/** The production app on a fresh database, `runs` uploads of `input` as the seeded admin, one after another. */
export async function measureHttpUpload(input: Buffer, runs = 3, port = 3680): Promise<UploadMeasure> {
  await assertPortFree(port, "BENCH_MEDIA_PORT");
  const storage = process.env.S3_ENDPOINT ? `S3 (${process.env.S3_ENDPOINT}, depósito ${process.env.S3_BUCKET ?? "?"})` : "el disco local (una carpeta temporal)";
  let app: FreshApp | null = null;
  try {
    const started = performance.now();
    app = await startFreshApp({
      prefix: "bench_media",
      port,
      embeddedDbPort: 0,
      onStarting: ({ baseUrl, database }) => console.log(`\nnpm start en ${baseUrl} sobre ${database}; imágenes en ${storage}…`),
    });
    console.log(`App lista en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const token = await adminToken(app.baseUrl);
    const times: number[] = [];
    let sizes: UploadedSize[] = [];
    for (let run = 0; run < runs; run++) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(input)], { type: "image/jpeg" }), `foto-bench-${run + 1}.jpg`);
      form.append("alt", "Foto de la medición de subidas");
      const sentAt = performance.now();
      const response = await fetch(`${app.baseUrl}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      const text = await response.text();
      const elapsed = performance.now() - sentAt;
      if (response.status !== 201) throw new Error(`La subida ${run + 1} respondió ${response.status}: ${text.slice(0, 300)}`);
      times.push(elapsed);
      sizes = (JSON.parse(text) as { data: { sizes: UploadedSize[] } }).data.sizes;
    }
    return { times, medianMs: median(times), sizes, storage };
  } catch (error) {
    if (app) console.error(app.log().slice(-3000));
    throw error;
  } finally {
    await app?.stop();
  }
}

/** The upload figures as printed lines: each time, the median, and the bytes of each size from the answer. */
export function describeHttpUpload(measure: UploadMeasure, inputBytes: number): string[] {
  const lines = [
    `Subida por HTTP hasta lista (201): ${measure.times.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")} (mediana ${(measure.medianMs / 1000).toFixed(2)} s)`,
    "",
    `${"ancho".padStart(6)}  ${"alto".padStart(6)}  ${"formato".padEnd(7)}  ${"tamaño".padStart(10)}  % de lo subido`,
  ];
  for (const size of measure.sizes) {
    lines.push(
      `${String(size.width).padStart(6)}  ${String(size.height).padStart(6)}  ${(FORMAT_EXT[size.format] ?? size.format).padEnd(7)}  ${kb(size.bytes).padStart(10)}  ${((100 * size.bytes) / inputBytes).toFixed(1)} %`,
    );
  }
  const total = measure.sizes.reduce((sum, size) => sum + size.bytes, 0);
  lines.push(`${"total".padStart(6)}  ${"".padStart(6)}  ${"".padEnd(7)}  ${kb(total).padStart(10)}  ${((100 * total) / inputBytes).toFixed(1)} %`);
  return lines;
}

const OPTIONS = ["--http", "--http-only"];

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !OPTIONS.includes(arg));
  if (unknown.length > 0) {
    console.error(`Opciones desconocidas: ${unknown.join(" ")} (válidas: ${OPTIONS.join(", ")})`);
    process.exit(2);
  }
  const httpOnly = args.includes("--http-only");
  const http = httpOnly || args.includes("--http");
  const runs = Math.max(1, Math.min(20, Math.round(Number(process.env.BENCH_MEDIA_RUNS)) || 3));
  const port = Number(process.env.BENCH_MEDIA_PORT || 3680);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`BENCH_MEDIA_PORT no es un puerto válido: ${process.env.BENCH_MEDIA_PORT}`);
    process.exit(2);
  }
  const input = await photoLikeJpeg();
  console.log(`Foto de prueba: 4000×3000 JPEG, ${kb(input.length)}; ${runs} ejecuciones, sharp con ${sharp.concurrency()} hilos`);
  if (!httpOnly) {
    const measure = await measureProcessing(input, runs);
    console.log(describeProcessing(measure).join("\n"));
  }
  if (http) console.log(describeHttpUpload(await measureHttpUpload(input, runs, port), input.length).join("\n"));
}

// Run only when started as a script, not when another harness imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
